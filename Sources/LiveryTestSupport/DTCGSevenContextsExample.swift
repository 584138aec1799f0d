import Foundation

/// A resolver made for livery's tests, shaped like real 2025.10 exports: two brands
/// (`acme`, `globex`) and a `theme` modifier of seven contexts, the four appearances
/// and `light-colorblind`, `dark-colorblind`, `dark-dimmed`, with aliases (`border`
/// follows `text`) and a brand colour each context theme may override.
public enum DTCGSevenContextsExample {
    public static let files: [String: String] = [
        "seven.resolver.json": """
        {
          "name": "seven",
          "version": "2025.10",
          "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
          "modifiers": {
            "brand": {
              "contexts": { "acme": [{ "$ref": "acme.tokens.json" }], "globex": [{ "$ref": "globex.tokens.json" }] },
              "default": "acme"
            },
            "theme": {
              "contexts": {
                "light": [],
                "dark": [{ "$ref": "themes.tokens.json#/dark" }],
                "light-high-contrast": [{ "$ref": "themes.tokens.json#/lightHighContrast" }],
                "dark-high-contrast": [{ "$ref": "themes.tokens.json#/darkHighContrast" }],
                "light-colorblind": [{ "$ref": "themes.tokens.json#/lightColorblind" }],
                "dark-colorblind": [{ "$ref": "themes.tokens.json#/darkColorblind" }],
                "dark-dimmed": [{ "$ref": "themes.tokens.json#/darkDimmed" }]
              },
              "default": "light"
            }
          },
          "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/brand" }, { "$ref": "#/modifiers/theme" }]
        }
        """,
        "base.tokens.json": ##"""
        {
          "color": {
            "$type": "color",
            "text": { "$value": "#1f2328" },
            "surface": { "$value": "#ffffff" },
            "border": { "$value": "{color.text}" },
            "accent": { "$value": "#000000" }
          },
          "space": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }
        }
        """##,
        "acme.tokens.json": ##"{ "color": { "accent": { "$type": "color", "$value": "#0969da" } } }"##,
        "globex.tokens.json": ##"{ "color": { "accent": { "$type": "color", "$value": "#bf3989" } } }"##,
        "themes.tokens.json": ##"""
        {
          "dark": { "color": { "text": { "$type": "color", "$value": "#e6edf3" }, "surface": { "$type": "color", "$value": "#0d1117" } } },
          "lightHighContrast": { "color": { "text": { "$type": "color", "$value": "#0e1116" } } },
          "darkHighContrast": { "color": { "text": { "$type": "color", "$value": "#ffffff" }, "surface": { "$type": "color", "$value": "#010409" } } },
          "lightColorblind": { "color": { "accent": { "$type": "color", "$value": "#0072b2" }, "text": { "$type": "color", "$value": "#24292f" } } },
          "darkColorblind": { "color": { "text": { "$type": "color", "$value": "#e6edf3" }, "surface": { "$type": "color", "$value": "#0d1117" }, "accent": { "$type": "color", "$value": "#56b4e9" } } },
          "darkDimmed": { "color": { "text": { "$type": "color", "$value": "#adbac7" }, "surface": { "$type": "color", "$value": "#22272e" } } }
        }
        """##,
    ]

    /// Writes the files into `directory` (made if missing).
    public static func write(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
    }
}
