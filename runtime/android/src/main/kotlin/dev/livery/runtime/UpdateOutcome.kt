package dev.livery.runtime

/**
 * Why an update was refused. [code] is the stable name every livery runtime gives the reason, and
 * [message] the sentence: where it follows from the reason alone, the same words as the Swift runtime's
 * (the shared cases in `Tests/Fixtures/update-cases` hold the two to it).
 */
sealed class UpdateRejection(val code: String, val message: String) {
    /** No valid signature by a trusted key; [cause] says which way. */
    class BadSignature(val cause: SignatureProblem) : UpdateRejection("badSignature", "bad signature: ${cause.message}")

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
        "signed only by keys this app does not trust (key id ${keyIds.joinToString(", ")}); sign with a key whose signing.pub the app " +
            "lists in trustedKeys (`livery keys id` prints a key's id)"
    )

    /** The sequence is not above the highest this theme applied: an older release, or a replay. */
    class NotNewer(val sequence: Long, val applied: Long) : UpdateRejection(
        "notNewer",
        "the update's sequence $sequence is not above $applied, the highest this app applied: it would take the app back to an older " +
            "release; publish a revert as a new release with a higher --sequence"
    )

    /** The update's `expires` time has passed. */
    class Expired(val time: String) : UpdateRejection("expired", "the update expired at $time")

    /** Under a root of trust: the update, root or timestamp is not trusted; [cause] says which attack. */
    class Untrusted(val cause: TrustProblem) : UpdateRejection("untrusted", "not trusted: ${cause.message}")

    override fun toString(): String = message
}

/** Why an update has no valid signature by a trusted key; [code] is the stable name every livery runtime gives it. */
sealed class SignatureProblem(val code: String, val message: String) {
    /** The update carries no signature, and the app trusts keys. */
    object Unsigned : SignatureProblem(
        "unsigned",
        "the update is not signed, and this app applies only updates signed by a key it trusts (make updates with --signing-key)"
    )

    /** The store trusts no keys and was not created with allowUnsigned. */
    object NoTrustedKeys : SignatureProblem(
        "noTrustedKeys",
        "this app trusts no signing keys, so it applies no update (list the line of signing.pub in trustedKeys; allowUnsigned, for " +
            "development only, applies unsigned ones)"
    )

    /** A trusted key's signature (their ids) does not match the bytes: changed after signing, or made for another update. */
    class Mismatch(val keyIds: List<String>) : SignatureProblem(
        "mismatch",
        "the signature by trusted key ${keyIds.joinToString(", ")} does not match the update's bytes: they changed after signing, or " +
            "the signature was made for another update"
    )

    override fun toString(): String = message
}

/** What [StyleStore.apply] did. */
sealed class UpdateOutcome {
    /** The update was applied; [digest] is the new style's. */
    data class Applied(val digest: String) : UpdateOutcome()
    /** The style already is the update's result. */
    object AlreadyCurrent : UpdateOutcome() {
        // Printed by name, as a `data object` is (which the Kotlin this builds with lacks).
        override fun toString(): String = "AlreadyCurrent"
    }
    /** The update's `rollout` does not include this install (yet); nothing changed. [StyleStore.refresh] says up to date. */
    object NotInRollout : UpdateOutcome() {
        override fun toString(): String = "NotInRollout"
    }
    /** The update was refused and nothing changed. */
    data class Rejected(val reason: UpdateRejection) : UpdateOutcome()
}

/** What [StyleStore.refresh] did. */
sealed class RefreshOutcome {
    /** One update or more were applied; [digest] is the style's now. */
    data class Updated(val digest: String) : RefreshOutcome()
    /** The server has nothing newer. */
    object UpToDate : RefreshOutcome() {
        override fun toString(): String = "UpToDate"
    }
    /** The first update offered was refused. */
    data class Rejected(val reason: UpdateRejection) : RefreshOutcome()
    /** Nothing could be fetched (network, status, size, deadline); [problem] says what. */
    data class Unavailable(val problem: String) : RefreshOutcome()
}
