import Foundation

/// A real multi-brand DTCG 2025.10 resolver, for the tests of `livery import dtcg`:
/// a `brand` modifier (two brands), a `breakpoint` modifier to pin with `--context`,
/// and `$extends` on a group.
///
/// Copied from the test fixtures of Terrazzo (see `source`: repository, commit and
/// directory), under the MIT licence in `license`.
public enum DTCGMultiBrandExample {
    public static let source =
        "terrazzoapp/terrazzo b98394a6410f14d44e79fbdd8506f413fa712929 packages/plugin-css/test/fixtures/mulitiple-outputs/src"

    public static let license = """
        MIT License

        Copyright (c) 2021 Drew Powers

        Permission is hereby granted, free of charge, to any person obtaining a copy
        of this software and associated documentation files (the "Software"), to deal
        in the Software without restriction, including without limitation the rights
        to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
        copies of the Software, and to permit persons to whom the Software is
        furnished to do so, subject to the following conditions:

        The above copyright notice and this permission notice shall be included in all
        copies or substantial portions of the Software.

        THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
        IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
        FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
        AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
        LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
        OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
        SOFTWARE.
        """

    /// File name → contents, as in the original directory.
    public static let files: [String: String] = [
        "resolver.json": #"""
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json",
          "name": "multi-brand",
          "version": "2025.10",
          "description": "Brands: [brand1, brand2].",
          "sets": {
            "shared": {
              "description": "Shared primitives across all brands",
              "sources": [{ "$ref": "./shared.json" }]
            }
          },
          "modifiers": {
            "brand": {
              "description": "Brand primitives (colours)",
              "contexts": {
                "brand1": [{ "$ref": "./brand-1.json" }],
                "brand2": [{ "$ref": "./brand-2.json" }]
              },
              "default": "brand1"
            },
            "breakpoint": {
              "description": "Breakpoint definitions",
              "contexts": {
                "breakpoints": [{ "$ref": "./breakpoints.json" }],
                "breakpoints2": [{ "$ref": "./breakpoints2.json" }]
              },
              "default": "breakpoints"
            }
          },
          "resolutionOrder": [
            { "$ref": "#/sets/shared" },
            { "$ref": "#/modifiers/brand" },
            { "$ref": "#/modifiers/breakpoint" }
          ]
        }
        """#,
        "shared.json": #"""
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
          "font": {
            "size": {
              "base": {
                "$type": "dimension",
                "$value": { "value": 16, "unit": "px" },
                "$description": "Base font size (shared across all brands)"
              }
            }
          },
          "input": {
            "field": {
              "width": {
                "$description": "A description...",
                "$type": "dimension",
                "$value": { "value": 12, "unit": "rem" }
              },
              "background": {
                "$type": "color",
                "$value": {
                  "colorSpace": "srgb",
                  "components": [1, 1, 1],
                  "hex": "#ffffff"
                }
              }
            }
          }
        }
        """#,
        "brand-1.json": #"""
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
          "color": {
            "primary": {
              "$type": "color",
              "$value": { "colorSpace": "srgb", "components": [0, 0, 1] },
              "$description": "Brand1 primary (blue)"
            },
            "secondary": {
              "$type": "color",
              "$value": { "colorSpace": "srgb", "components": [1, 0, 1] },
              "$description": "Brand1 secondary (pink)"
            }
          },
          "input-amount": {
            "$extends": "{input}",
            "field": {
              "width": {
                "$value": {
                  "value": 12,
                  "unit": "px"
                },
                "$description": "A description with Simon..."
              }
            }
          }
        }
        """#,
        "brand-2.json": #"""
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
          "color": {
            "primary": {
              "$type": "color",
              "$value": { "colorSpace": "srgb", "components": [0, 0.5, 0] },
              "$description": "Brand2 primary (green)"
            },
            "secondary": {
              "$type": "color",
              "$value": { "colorSpace": "srgb", "components": [1, 0.5, 0] },
              "$description": "Brand2 secondary (orange)"
            }
          },
          "input-amount": {
            "$extends": "{input}",
            "field": {
              "width": {
                "$value": {
                  "value": 15,
                  "unit": "px"
                },
                "$description": "A description with Jack..."
              }
            }
          }
        }
        """#,
        "breakpoints.json": #"""
        {
            "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
            "breakpoints": {
                "$type": "dimension",
                "sm": {
                    "$value": {
                        "value": 640,
                        "unit": "px"
                    }
                },
                "md": {
                    "$value": {
                        "value": 768,
                        "unit": "px"
                    }
                },
                "lg": {
                    "$value": {
                        "value": 1024,
                        "unit": "px"
                    }
                },
                "xl": {
                    "$value": {
                        "value": 1280,
                        "unit": "px"
                    }
                },
                "2xl": {
                    "$value": {
                        "value": 1536,
                        "unit": "px"
                    }
                }
            }
        }
        """#,
        "breakpoints2.json": #"""
        {
            "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
            "breakpoints": {
                "$type": "dimension",
                "sm": {
                    "$value": {
                        "value": 640,
                        "unit": "px"
                    }
                },
                "md": {
                    "$value": {
                        "value": 768,
                        "unit": "px"
                    }
                },
                "lg": {
                    "$value": {
                        "value": 1024,
                        "unit": "px"
                    }
                }
            }
        }
        """#,
    ]

    /// Writes the files (and the licence and source) into `directory`, made if missing.
    public static func write(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var all = files
        all["LICENSE"] = license + "\n"
        all["SOURCE"] = source + "\n"
        for (name, text) in all {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
    }
}
