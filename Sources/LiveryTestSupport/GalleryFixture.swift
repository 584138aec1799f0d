import Foundation

/// The repository `livery gallery` is tested on, as a command and in a browser: two clients
/// sharing base's font and icon, one with its own logo, one invalid.
public enum GalleryFixture {
    /// A display name that would be markup, a script and links if the page did not keep it text.
    public static let hostile = ##"<script>document.title='pwned'</script> | *x* [a](http://evil.test) `c` </script><!--"##

    /// Two clients sharing base's font and icon, one with its own logo, one invalid.
    public static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            """
            {"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"},
             "colors": {"primary": "#0A3D91", "onPrimary": "#FFFFFF", "background": {"light": "#FFFFFF", "dark": "#101010"}},
             "fonts": {"body": {"family": "Test Sans", "size": 16, "weight": "regular", "file": "assets/Body.ttf"}},
             "components": {"button": {"primary": {"background": "primary", "foreground": "onPrimary", "font": "body"}}},
             "appIcon": "assets/AppIcon.png"}
            """)
        try fixture.write("targets/base/assets/Body.ttf", TestFiles.truetype())
        try fixture.write("targets/base/assets/AppIcon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.write(
            "targets/acme/style.json", #"{"extends": "base", "app": {"displayName": "Acme"}, "images": {"logo": "assets/logo.svg"}}"#)
        try fixture.write("targets/acme/assets/logo.svg", TestFiles.svg)
        try fixture.write(
            "targets/beta/style.json", ##"{"extends": "base", "app": {"displayName": "Beta"}, "colors": {"primary": "#777777"}}"##)
        try fixture.write("targets/broken/style.json", #"{"extends": "base", "colors": {"primary": "{colors.missing}"}}"#)
        _ = try fixture.commitAll("clients", tag: "v1")
        return fixture
    }
}
