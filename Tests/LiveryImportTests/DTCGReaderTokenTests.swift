import LiveryImport
import LiveryJSON
import Testing

/// Token semantics after merging: aliases (curly and JSON pointer), `$type`
/// inheritance, `$extends`, `$root`, descriptions and root `$extensions`.
@Suite struct DTCGReaderTokenTests {
    @Test func aliasesFiveDeepResolveToTheWrittenValue() throws {
        let tokens = try ReaderTest.resolve(
            [
                "tokens.json": """
                {
                  "color": {
                    "$type": "color",
                    "a": { "$value": "{color.b}" },
                    "b": { "$value": "{color.c}" },
                    "c": { "$value": "{color.d}" },
                    "d": { "$value": "{color.e}" },
                    "e": { "$value": "{color.base}" },
                    "base": { "$value": "#336699" }
                  }
                }
                """
            ], entry: ["tokens.json"]
        ).value
        let a = try #require(tokens.readerToken("color.a"))
        #expect(a.value.value.stringValue == "#336699")
        #expect(a.reference == ["color", "b"])
        #expect(a.type == "color")
        #expect(a.location == JSONLocation(file: "tokens.json", line: 4, column: 22))
        #expect(tokens.readerToken("color.e")?.reference == ["color", "base"])
        #expect(tokens.readerToken("color.base")?.reference == nil)
    }

    @Test func aliasWithoutTypeTakesItsTargetsType() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "space": { "m": { "$type": "dimension", "$value": { "value": 16, "unit": "px" } } },
                  "gap": { "$value": "{space.m}" }
                }
                """
            ], entry: ["t.json"]
        ).value
        #expect(tokens.readerToken("gap")?.type == "dimension")
        #expect(tokens.readerToken("gap")?.value.value.objectValue?["value"]?.value.numberValue?.doubleValue == 16)
    }

    @Test func aliasesInsideCompositeValuesAreReplaced() throws {
        let read = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "font": {
                    "sans": { "$type": "fontFamily", "$value": ["Inter", "sans-serif"] },
                    "size": { "$type": "dimension", "$value": { "value": 16, "unit": "px" } }
                  },
                  "body": {
                    "$type": "typography",
                    "$value": { "fontFamily": "{font.sans}", "fontSize": "{font.size}", "fontWeight": 400, "lineHeight": 1.5 }
                  }
                }
                """
            ], entry: ["t.json"])
        let body = try #require(read.value.readerToken("body"))
        let value = try #require(body.value.value.objectValue)
        #expect(value["fontFamily"]?.value.arrayValue?.compactMap(\.value.stringValue) == ["Inter", "sans-serif"])
        #expect(value["fontSize"]?.value.objectValue?["unit"]?.value.stringValue == "px")
        #expect(body.reference == nil)
        #expect(body.type == "typography")
        #expect(read.warnings.isEmpty)
    }

    @Test func jsonPointerAliasesNameWholeValuesAndParts() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "base": { "blue": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.9] } } },
                  "semantic": {
                    "primary": { "$type": "color", "$value": { "$ref": "#/base/blue/$value" } },
                    "link": { "$ref": "#/semantic/primary/$value", "$type": "color" },
                    "hue": { "$ref": "#/base/blue/$value/components/0", "$type": "number" },
                    "mix": {
                      "$type": "color",
                      "$value": { "colorSpace": "srgb", "components": [{ "$ref": "#/base/blue/$value/components/0" }, 0.5, 0.7] }
                    }
                  }
                }
                """
            ], entry: ["t.json"]
        ).value
        let primary = try #require(tokens.readerToken("semantic.primary"))
        #expect(primary.reference == ["base", "blue"])
        #expect(ReaderTest.numbers(primary.value.value.objectValue?["components"]) == [0.2, 0.4, 0.9])
        let link = try #require(tokens.readerToken("semantic.link"))
        #expect(link.reference == ["semantic", "primary"])
        #expect(ReaderTest.numbers(link.value.value.objectValue?["components"]) == [0.2, 0.4, 0.9])
        let hue = try #require(tokens.readerToken("semantic.hue"))
        #expect(hue.type == "number")
        #expect(hue.value.value.numberValue?.doubleValue == 0.2)
        #expect(hue.reference == nil)
        #expect(ReaderTest.numbers(tokens.readerToken("semantic.mix")?.value.value.objectValue?["components"]) == [0.2, 0.5, 0.7])
    }

    @Test func typeIsInheritedFromTheNearestGroup() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "size": {
                    "$type": "dimension",
                    "s": { "$value": { "value": 4, "unit": "px" } },
                    "motion": { "$type": "duration", "fast": { "$value": { "value": 100, "unit": "ms" } } },
                    "ratio": { "$type": "number", "$value": 1.5 }
                  }
                }
                """
            ], entry: ["t.json"]
        ).value
        #expect(tokens.readerToken("size.s")?.type == "dimension")
        #expect(tokens.readerToken("size.motion.fast")?.type == "duration")
        #expect(tokens.readerToken("size.ratio")?.type == "number")
    }

    @Test func rootTokensKeepTheirReservedName() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "accent": {
                    "$type": "color",
                    "$root": { "$value": "#dd0000" },
                    "dark": { "$value": "{accent.$root}" }
                  }
                }
                """
            ], entry: ["t.json"]
        ).value
        #expect(tokens.tokens.map(\.dotted) == ["accent.$root", "accent.dark"])
        #expect(tokens.readerToken("accent.dark")?.value.value.stringValue == "#dd0000")
    }

    @Test func extendsInheritsTokensAndTypeAndOwnTokensWin() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "button": {
                    "$type": "color",
                    "background": { "$value": "#0066cc" },
                    "text": { "$value": "#ffffff" }
                  },
                  "button-primary": {
                    "$extends": "{button}",
                    "background": { "$value": "#cc0066" }
                  }
                }
                """
            ], entry: ["t.json"]
        ).value
        #expect(tokens.readerToken("button-primary.background")?.value.value.stringValue == "#cc0066")
        #expect(tokens.readerToken("button-primary.text")?.value.value.stringValue == "#ffffff")
        #expect(tokens.readerToken("button-primary.background")?.type == "color")
        #expect(tokens.readerToken("button.background")?.value.value.stringValue == "#0066cc")
    }

    @Test func anOverrideWithoutTypeTakesTheTypeOfTheTokenItReplaces() throws {
        let read = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "text": { "weight": { "$type": "fontWeight", "$value": 400 }, "family": { "$type": "fontFamily", "$value": "Inter" } },
                  "heading": { "$extends": "{text}", "weight": { "$value": "bold" } }
                }
                """
            ], entry: ["t.json"])
        let weight = try #require(read.value.readerToken("heading.weight"))
        #expect(weight.type == "fontWeight")
        #expect(weight.value.value.stringValue == "bold")
        #expect(read.value.readerToken("heading.family")?.type == "fontFamily")
        #expect(
            read.warnings.map(\.message) == [
                "`heading.weight` has no `$type`; read as `fontWeight`, the type of the inherited token it replaces"
            ])
    }

    @Test func extendedTokensKeepTheTypeTheirGroupsGaveThem() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "color": { "$type": "color", "base": { "ink": { "$value": "#000000" } } },
                  "size": { "$type": "dimension", "alt": { "$extends": "{color.base}", "gap": { "$value": { "value": 4, "unit": "px" } } } }
                }
                """
            ], entry: ["t.json"]
        ).value
        #expect(tokens.readerToken("size.alt.ink")?.type == "color")
        // The extending group's own tokens take their type from their own groups.
        #expect(tokens.readerToken("size.alt.gap")?.type == "dimension")
    }

    @Test func aGroupWithRefIsReadAsExtends() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                {
                  "button": { "$type": "color", "background": { "$value": "#0066cc" }, "text": { "$value": "#ffffff" } },
                  "button-primary": { "$ref": "#/button", "background": { "$value": "#cc0066" } },
                  "alias": { "$ref": "#/button/text" }
                }
                """
            ], entry: ["t.json"]
        ).value
        #expect(
            tokens.tokens.map(\.dotted) == [
                "button.background", "button.text", "button-primary.background", "button-primary.text", "alias",
            ])
        #expect(tokens.readerToken("button-primary.background")?.value.value.stringValue == "#cc0066")
        #expect(tokens.readerToken("alias")?.reference == ["button", "text"])
        #expect(tokens.readerToken("alias")?.type == "color")
    }

    @Test func descriptionsAndRootExtensionsAreKept() throws {
        let tokens = try ReaderTest.resolve(
            [
                "a.json": """
                { "$extensions": { "dev.livery": { "app": { "displayName": "A" } }, "com.other": 1 },
                  "c": { "$type": "color", "$value": "#000000", "$description": "Ink" } }
                """,
                "b.json": """
                { "$extensions": { "dev.livery": { "app": { "displayName": "B" } } } }
                """,
            ], entry: ["a.json", "b.json"]
        ).value
        #expect(tokens.readerToken("c")?.description == "Ink")
        let extensions = try #require(tokens.rootExtensions)
        #expect(extensions.keys == ["dev.livery", "com.other"])
        #expect(extensions["dev.livery"]?.value.objectValue?["app"]?.value.objectValue?["displayName"]?.value.stringValue == "B")
    }

    @Test func unknownDollarPropertiesAreIgnored() throws {
        let tokens = try ReaderTest.resolve(
            [
                "t.json": """
                { "$schema": "x", "$vendor": { "a": 1 },
                  "c": { "$type": "color", "$value": "#000000", "$deprecated": true, "$somethingNew": 1 } }
                """
            ], entry: ["t.json"]
        ).value
        #expect(tokens.tokens.map(\.dotted) == ["c"])
    }
}
