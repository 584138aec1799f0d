package dev.livery.runtime

/** Why an update was refused. [code] is the stable name every livery runtime gives the reason. */
sealed class UpdateRejection(val code: String, val message: String) {
    /** No valid signature by a trusted key (or unsigned while keys are trusted). */
    object BadSignature : UpdateRejection(
        "badSignature",
        "bad signature: no valid signature by a trusted key (with no trusted keys, only a store created with allowUnsigned applies unsigned updates)"
    )

    /** The update was made for another style than the current one. */
    object WrongBase : UpdateRejection(
        "wrongBase",
        "wrong base: the update was made for another style than the app's current one (another client, or another starting release)"
    )

    /** The update changes values a remote update may never change (JSON pointers). */
    class ForbiddenKey(val pointers: List<String>) : UpdateRejection("forbiddenKey", "forbidden keys: ${pointers.joinToString(", ")}")

    /** The merged style is not the update's `result`, is not a valid style, or adds an unknown section. */
    class InvalidResult(problem: String) : UpdateRejection("invalidResult", "invalid result: $problem")

    /** The bytes are not a `livery-update/2` envelope. */
    class CorruptData(problem: String) : UpdateRejection("corruptData", "corrupt data: $problem")

    /** Signed only by keys the app does not trust (their ids). */
    class UnknownKey(val keyIds: List<String>) : UpdateRejection(
        "unknownKey",
        "signed only by keys this app does not trust (key id ${keyIds.joinToString(", ")}); sign with a key whose signing.pub the app lists in trustedKeys"
    )

    /** The sequence is not above the highest this theme applied: an older release, or a replay. */
    class NotNewer(val sequence: Long, val applied: Long) : UpdateRejection(
        "notNewer",
        "the update's sequence $sequence is not above $applied, the highest this app applied: it would take the app back to an older release"
    )

    /** The update's `expires` time has passed. */
    class Expired(val time: String) : UpdateRejection("expired", "the update expired at $time")

    override fun toString(): String = message
}

/** What [StyleStore.apply] did. */
sealed class UpdateOutcome {
    /** The update was applied; [digest] is the new style's. */
    data class Applied(val digest: String) : UpdateOutcome()
    /** The style already is the update's result. */
    object AlreadyCurrent : UpdateOutcome()
    /** The update was refused and nothing changed. */
    data class Rejected(val reason: UpdateRejection) : UpdateOutcome()
}

/** What [StyleStore.refresh] did. */
sealed class RefreshOutcome {
    /** One update or more were applied; [digest] is the style's now. */
    data class Updated(val digest: String) : RefreshOutcome()
    /** The server has nothing newer. */
    object UpToDate : RefreshOutcome()
    /** The first update offered was refused. */
    data class Rejected(val reason: UpdateRejection) : RefreshOutcome()
    /** Nothing could be fetched (network, status, size, deadline); [problem] says what. */
    data class Unavailable(val problem: String) : RefreshOutcome()
}
