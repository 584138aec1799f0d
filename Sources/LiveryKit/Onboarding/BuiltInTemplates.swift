import LiveryImage

/// Templates every repository has, so `livery new` works in a repository that has
/// none of its own yet. A repository's template of the same name takes their place.
enum BuiltInTemplates {
    /// `starter`: a first client that extends nothing, for a new repository.
    static let starter = LoadedTemplate(
        definition: TemplateDefinition(
            name: "starter",
            description:
                "A first client for a new repository: a target of its own (it extends nothing unless given a parent) with its name, bundle id and brand colour. Built into livery.",
            variables: [
                TemplateVariable(
                    name: "displayName", description: "The app's name under its icon and in the stores, e.g. \"Acme\".", required: true),
                TemplateVariable(
                    name: "bundleId", description: "The reverse-DNS bundle identifier, e.g. com.acme.app.", kind: .bundleId, required: true),
                TemplateVariable(
                    name: "androidPackage",
                    description: "The Android application id; by default the bundle id, with '-' made '_' (Android allows no hyphens).",
                    kind: .androidPackage, defaultValue: "{{bundleId}}"
                ),
                TemplateVariable(
                    name: "primary",
                    description:
                        "The brand colour in light mode. White text sits on it, so pick a colour with at least 4.5:1 contrast against white.",
                    kind: .color, defaultValue: "#0B5FFF"
                ),
                TemplateVariable(
                    name: "primaryDark", description: "The brand colour in dark mode: a lighter tint that dark text reads on.",
                    kind: .color, defaultValue: "#8FB0FF"
                ),
                // Empty by default: a first client extends nothing. In a repository whose
                // contract asks for more than the starter gives, a parent gives the rest.
                TemplateVariable(
                    name: "parent",
                    description:
                        "The target the new client extends, e.g. base, for what the app's contract asks that the starter does not give; empty for none.",
                    kind: .id, defaultValue: ""
                ),
            ]
        ),
        files: ["style.json": Array(starterStyle.utf8), "assets/AppIcon.png": starterIcon],
        isBuiltIn: true
    )

    /// By name, sorted.
    static let all: [LoadedTemplate] = [starter]

    static func named(_ name: String) -> LoadedTemplate? {
        all.first { $0.definition.name == name }
    }

    /// A placeholder app icon, 1024×1024 without alpha, in the starter's default brand
    /// colour: iOS and Android need one, and a client replaces it with its own.
    static let starterIcon: [UInt8] = PNGResampler.solidPNG(side: 1024, red: 0x0B, green: 0x5F, blue: 0xFF)

    static let starterStyle = """
        {
          "$schema": "https://livery.dev/schemas/style/v1.json",
          "extends": "{{parent}}",
          "app": {
            "displayName": "{{displayName}}",
            "bundleId": "{{bundleId}}",
            "androidPackage": "{{androidPackage}}"
          },
          "appIcon": "assets/AppIcon.png",
          "colors": {
            "primary": { "light": "{{primary}}", "dark": "{{primaryDark}}" },
            "onPrimary": { "light": "#FFFFFF", "dark": "#0B1B3F" },
            "background": { "light": "#FFFFFF", "dark": "#121417" },
            "foreground": { "light": "#16181D", "dark": "#ECEEF2" },
            "link": "{colors.primary}"
          },
          "dimensions": {
            "spacingM": 16,
            "radiusM": 10,
            "buttonHeight": 48
          },
          "components": {
            "button": {
              "primary": {
                "background": "primary",
                "foreground": "onPrimary",
                "height": "buttonHeight",
                "padding": "spacingM",
                "shape": { "roundedRectangle": { "cornerRadius": "{dimensions.radiusM}" } }
              }
            }
          },
          "flags": {
            "analyticsTarget": "{{id}}"
          }
        }

        """
}
