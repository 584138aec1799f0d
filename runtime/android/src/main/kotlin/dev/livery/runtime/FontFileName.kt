package dev.livery.runtime

/**
 * How an app finds a bundled font file: by the PostScript name inside it, never by its family,
 * as LiveryCore's `FontFileName`. The shared cases (`Tests/Fixtures/runtime-json`) hold the two equal.
 */
object FontFileName {
    /**
     * The Android resource name of a bundled font file (`res/font/<name>.ttf`): its PostScript name in
     * lower case, every character other than `a-z` and `0-9` written as `_`, with `font_` in front unless
     * it starts with a letter (`Karla-Bold` is `karla_bold`, `3Dumb` is `font_3dumb`).
     */
    @JvmStatic
    fun androidResource(postScriptName: String): String {
        val name = StringBuilder(postScriptName.length + 5)
        for (byte in postScriptName.toByteArray(Charsets.UTF_8)) {
            val c = byte.toInt() and 0xFF
            when (c) {
                in 0x61..0x7A, in 0x30..0x39 -> name.append(c.toChar()) // a-z, 0-9
                in 0x41..0x5A -> name.append((c + 0x20).toChar()) // A-Z
                else -> name.append('_')
            }
        }
        return if (name.isNotEmpty() && name[0] in 'a'..'z') name.toString() else "font_$name"
    }
}
