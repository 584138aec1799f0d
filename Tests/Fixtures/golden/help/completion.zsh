#compdef livery

__livery_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__livery_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __livery_complete "${completions[@]:0:-1}"
    fi
}

__livery_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_livery() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'build:Validate, then write one bundle per client for each platform.'
            'validate:Check every target (or the named ones) and report every problem.'
            'diff:Show what changed for each client between two revisions.'
            'gallery:Write a static page showing every client'\''s brand side by side.'
            'list:List the targets: their ids, parents, whether abstract, and tree ids; or a CI build matrix.'
            'schema:Print the JSON Schema in force, or check JSON files against a schema.'
            'new:Onboard a client: make targets/<id>/ from a template.'
            'import:Make or update targets from files other tools write (design tokens).'
            'templates:List the templates `livery new` can start from, with their variables.'
            'contract:The app'\''s contract: the tokens every client must offer (docs/contract.md).'
            'keys:Manage the keys that sign remote style updates (docs/runtime.md).'
            'variant:Print which variant of a client an install gets.'
            'version:Print livery'\''s version (the same as `livery --version`).'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        build|validate|diff|gallery|list|schema|new|import|templates|contract|keys|variant|version|help)
            "_livery_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livery_build() {
    local -i ret=1
    local -ar ___platform=('ios' 'android' 'web' 'dtcg' 'compose' 'fastlane' 'all')
    local -ar ___archive=('tar' 'zip')
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '*--target[Build only this target (repeatable, or several ids separated by spaces or commas, as a CI matrix gives them); an abstract id builds everything that extends it.]:id:{__livery_custom_complete ---completion build -- --target "${current_word_index}" "$(__livery_cursor_index_in_current_word)"}'
        '--platform[Platforms to write, comma-separated, or all\: ios, android, web, dtcg, compose, fastlane (default\: livery.json'\''s platforms).]:list:{__livery_complete "${___platform[@]}"}'
        '--out[Output directory (default\: livery.json'\''s outputDir, else dist, in the repository'\''s working tree).]:dir:_files -/'
        '--shard[Build only part K of N, for N parallel CI jobs\: the targets split as `livery list --format matrix --shards N` shows, balanced by asset bytes.]:K/N:'
        '--affected-since[Build only targets whose files, ancestors, schema or settings changed since this revision (e.g. origin/main).]:rev:'
        '--jobs[Targets built at once, one per core unless given.]:n:'
        '--force[Rebuild every bundle, even those that are up to date.]'
        '--archive[Write each bundle as one archive, <out>/<id>.tar or <out>/<id>.zip, instead of a directory.]:tar|zip:{__livery_complete "${___archive[@]}"}'
        '--timings[Print to standard error where the time went per phase\: listing, reading git objects, parsing, merging, schema, resolving, emitting, writing.]'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_validate() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'github' 'sarif')
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '*--target[Check only this target (repeatable, or several ids separated by spaces or commas). Naming an abstract target checks everything that extends it.]:id:{__livery_custom_complete ---completion validate -- --target "${current_word_index}" "$(__livery_cursor_index_in_current_word)"}'
        '--format[Output\: text (people), json (scripts), github (workflow annotations), sarif (code scanning).]:format:{__livery_complete "${___format[@]}"}'
        '--strict[Treat warnings (such as low contrast) as errors.]'
        '--timings[Print to standard error where the time went per phase\: listing, reading git objects, parsing, merging, schema, resolving, emitting, writing.]'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_diff() {
    local -i ret=1
    local -ar ___format=('text' 'markdown' 'json' 'html' 'patch' 'changelog' 'changelog-html' 'update')
    local -ar ___exit_code=('any' 'breaking' 'accessibility' 'visual' 'major' 'minor' 'patch')
    local -ar arg_specs=(
        ':base:'
        ':head:'
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '*--target[Compare only this target (repeatable, or several ids separated by spaces or commas). Naming an abstract target compares everything that extends it.]:id:{__livery_custom_complete ---completion diff -- --target "${current_word_index}" "$(__livery_cursor_index_in_current_word)"}'
        '--format[Output\: text, markdown, json, html, patch, changelog, changelog-html or update.]:format:{__livery_complete "${___format[@]}"}'
        '--output[Write the report to this file instead of standard output; with --format update (where it is required), the directory to write updates to.]:file:_files'
        '*--signing-key[With --format update\: sign the updates with this private key (from livery keys generate; repeatable, to sign with an old and a new key while apps move between them).]:file:_files'
        '--sequence[With --format update\: the release sequence the updates carry (1 to 2^53-1; default\: HEAD'\''s committer time in seconds).]:number:'
        '--expires-in[With --format update\: apps stop applying, and drop, the updates after this long (e.g. 90d, 12h, 30m; d, h, m or s).]:duration:'
        '--allow-breaking[With --format update\: write updates that remove or rename tokens an app may read.]'
        '--rollout-percent[With --format update\: only this percentage of installs applies the updates (0 to 100, up to six decimals); needs --rollout-seed.]:percent:'
        '--rollout-seed[With --format update\: the seed that places installs in the rollout; keep it to widen the same rollout.]:seed:'
        '--visual[Draw every changed client at both revisions in headless Chromium, compare the screens pixel by pixel, and write report.html, report.json and the images to this directory.]:dir:_files -/'
        '--threshold[With --visual and --exit-code visual\: the share of a screen'\''s pixels (0 to 1, e.g. 0.001 for 0.1 %) that may change before the exit status is 1 (default 0\: any changed pixel).]:share:'
        '--chromium[With --visual\: the Chromium (or Chrome) executable to draw with (default\: $LIVERY_CHROMIUM, else chromium on PATH).]:path:_files'
        '--app-sources[The app'\''s source directory\: say which lines of its Swift, Kotlin and CSS still read a token the contract removes.]:dir:'
        '--exit-code[Exit with 1 when the gate is met, else 0\: any (any difference), breaking (a breaking change\: a removal, rename, change of kind or a target that became invalid), accessibility (an accessibility regression\: a colour pair of the contract taken below its contrast target), visual (with --visual\: a screen with more than --threshold of its pixels changed), major (the release is major\: it breaks the app'\''s code, its contract or a client'\''s app), minor (the release is minor or major\: it adds clients, tokens, locales or variants, or breaks) or patch (any change\: a patch, minor or major release). Bare --exit-code is any, as in git diff --exit-code.]:gate:{__livery_complete "${___exit_code[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_gallery() {
    local -i ret=1
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '--base[Review mode\: compare with this revision; changed clients come first, before and after.]:rev:'
        '*--target[Show only this target (repeatable); an abstract id shows everything that extends it.]:id:{__livery_custom_complete ---completion gallery -- --target "${current_word_index}" "$(__livery_cursor_index_in_current_word)"}'
        '--output[The directory to write (default\: gallery).]:dir:_files -/'
        '--jobs[Targets resolved at once, one per core unless given.]:n:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_list() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'matrix')
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '--format[Output format\: text (a table), json (see docs/json-output.md) or matrix (a CI build matrix).]:format:{__livery_complete "${___format[@]}"}'
        '--affected-since[Only concrete targets whose inputs changed since this revision (e.g. origin/main).]:rev:'
        '--shards[With --format matrix\: the number of jobs (at most 256; never more than there are targets).]:n:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_schema() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'print:Print the schema in force (the default).'
            'check:Validate JSON files against a JSON Schema (draft 2020-12).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        print|check)
            "_livery_schema_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livery_schema_print() {
    local -i ret=1
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '--built-in[Print the built-in schema, whatever the repository holds (works outside a repository).]'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_schema_check() {
    local -i ret=1
    local -ar arg_specs=(
        '--schema[The schema file.]:file:_files -g '\''*.json'\'''
        '--format-assertion[Make `format` an assertion (regex, uri, email, date-time, date, time, ipv4, ipv6, uuid, hostname).]'
        '*:data.json:_files -g '\''*.json'\'''
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_new() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--template[The template to start from (`livery templates` lists them).]:name:{__livery_custom_complete ---completion new -- --template "${current_word_index}" "$(__livery_cursor_index_in_current_word)"}'
        '*--set[A variable'\''s value (repeatable), e.g. --set primary=#0B5FFF.]:key=value:'
        '--no-input[Never ask for values; a missing required variable is an error (always so in CI and pipes).]'
        '--commit[Record the new target as a commit on a new branch instead of writing it to the working tree.]'
        '--branch[The branch for --commit (default\: onboard/<id>). It must not exist yet.]:name:'
        '--strict[Treat warnings (such as low contrast) as errors\: nothing is written if there are any.]'
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'dtcg:Make or update targets from Design Tokens (DTCG 2025.10) files.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        dtcg)
            "_livery_import_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livery_import_dtcg() {
    local -i ret=1
    local -ar arg_specs=(
        '*:file:_files'
        '--brand[The modifier whose contexts are clients (one target each).]:modifier:'
        '--theme[The modifier whose contexts are colour appearances.]:modifier:'
        '*--map[Which theme context is an appearance (repeatable)\: light, dark, highContrastLight or highContrastDark.]:appearance=context:'
        '*--context[The context to use for another modifier (repeatable).]:modifier=context:'
        '*--skip-context[Leave out a theme context that is not an appearance (repeatable).]:modifier=context:'
        '*--context-as-theme[Import a theme context that is not an appearance as a target of its own, <client>-<context>, extending the client (repeatable).]:modifier=context:'
        '--parent[The clients'\'' parent target\: an existing one is left as it is; a new one gets what every brand shares.]:id:'
        '--id[The target id of the only client.]:id:'
        '--prefix[Put this before every client'\''s id, e.g. --prefix acme-.]:prefix:'
        '--bundle-id-prefix[App identity for clients without one\: bundle id <prefix>.<brand>.]:prefix:'
        '--display-name[The client'\''s name under its icon and in the stores (one client; default\: the brand'\''s name in title case).]:name:'
        '--fonts[A directory of font files to attach, matched by name (Inter-Bold.ttf).]:dir:_files -/'
        '--dry-run[Show what would be written and what would change; write nothing (with --verbose, each style.json in full).]'
        '--commit[Record the targets as a commit on a new branch instead of writing them to the working tree.]'
        '--branch[The branch for --commit (default\: import/<name>). It must not exist yet.]:name:'
        '--strict[Treat warnings as errors\: nothing is written if there are any.]'
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_templates() {
    local -i ret=1
    local -ar ___format=('text' 'json')
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '--format[Output format\: text (people) or json (scripts).]:format:{__livery_complete "${___format[@]}"}'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_contract() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'init:Write targets/contract.json from the targets as they are, and list the tokens not every client defines.'
            'generate:Write the app'\''s typed theme (AppTheme.swift, AppTheme.kt) from the contract.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        init|generate)
            "_livery_contract_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livery_contract_init() {
    local -i ret=1
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '--force[Replace an existing contract.]'
        '--stdout[Print the contract instead of writing it (the list goes to stderr).]'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_contract_generate() {
    local -i ret=1
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        '--swift[Write AppTheme.swift into this directory (created when missing).]:dir:_files -/'
        '--kotlin[Write AppTheme.kt into this directory (created when missing).]:dir:_files -/'
        '--compose[Write AppThemeCompose.kt, Jetpack Compose conveniences for AppTheme.kt, into this directory.]:dir:_files -/'
        '--force[Replace a file of the same name that livery did not write.]'
        '(-q --quiet)'{-q,--quiet}'[Print only problems\: no line per file.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'generate:Write a new Ed25519 key pair: DIR/signing.key (private, mode 0600) and DIR/signing.pub.'
            'id:Print a public key'\''s id: the one its signatures carry in an update.'
            'verify:Check a published update folder: signatures, growing sequences, no loops.'
            'root:Create a root of trust, or the next version of one.'
            'add:Add a public key to a role of a root (drops its signatures).'
            'delegate:Delegate a client'\''s updates to a public key (drops the root'\''s signatures).'
            'revoke:Remove a key from every role of a root (drops its signatures).'
            'threshold:Change how many keys of a role must sign (drops the root'\''s signatures).'
            'sign:Add one key'\''s signature to a root or a timestamp, keeping the others'\''.'
            'timestamp:Write DIR/timestamp.json: each client'\''s newest sequence, signed, short-lived.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        generate|id|verify|root|add|delegate|revoke|threshold|sign|timestamp)
            "_livery_keys_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livery_keys_generate() {
    local -i ret=1
    local -ar arg_specs=(
        '--output[The directory to write the two files to (created when missing).]:dir:_files -/'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_id() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_verify() {
    local -i ret=1
    local -ar arg_specs=(
        ':dir:_files -/'
        '--public-key[The public key (signing.pub) every update must be signed by.]:file:_files'
        '--root[The root of trust the app is built with.]:file:_files'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_root() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'create:Write version 1 of a root of trust, unsigned, naming the root keys and their threshold.'
            'next:Write the next version of a root, unsigned, to change and sign.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        create|next)
            "_livery_keys_root_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livery_keys_root_create() {
    local -i ret=1
    local -ar arg_specs=(
        '*--root-key[A root public key (repeat).]:file:'
        '--threshold[How many root keys must sign each root.]:threshold:'
        '*--timestamp-key[A timestamp public key (repeat).]:file:'
        '--timestamp-threshold[How many timestamp keys must sign a timestamp.]:timestamp-threshold:'
        '--output[The root file to write.]:file:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_root_next() {
    local -i ret=1
    local -ar arg_specs=(
        ':root:'
        '--output[The new root file.]:file:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_add() {
    local -i ret=1
    local -ar arg_specs=(
        ':root:'
        '--public-key[The public key to add.]:file:'
        '--role[The role\: root or timestamp.]:role:'
        '--client[A client id\: its delegated keys.]:client:'
        '--threshold[The role'\''s new threshold.]:threshold:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_delegate() {
    local -i ret=1
    local -ar arg_specs=(
        ':root:'
        '--client[The client id.]:client:'
        '--public-key[The client'\''s public key.]:file:'
        '--threshold[How many of the client'\''s keys must sign.]:threshold:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_revoke() {
    local -i ret=1
    local -ar arg_specs=(
        ':root:'
        '--key-id[The id of the key to revoke (livery keys id).]:key-id:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_threshold() {
    local -i ret=1
    local -ar arg_specs=(
        ':root:'
        '--role[The role\: root or timestamp.]:role:'
        '--client[A client id\: its delegated keys.]:client:'
        '--threshold[The new threshold.]:threshold:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_sign() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:'
        '--signing-key[The private key to sign with.]:file:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_keys_timestamp() {
    local -i ret=1
    local -ar arg_specs=(
        ':dir:'
        '--signing-key[The timestamp role'\''s private key.]:file:'
        '--expires-in[Seconds until the timestamp expires.]:expires-in:'
        '--version[The timestamp'\''s version (default\: the time in seconds).]:version:'
        '--output[Where to write it (default\: DIR/timestamp.json).]:file:'
        '(-q --quiet)'{-q,--quiet}'[Print only problems and the result; no progress or per-target lines.]'
        '(-v --verbose)'{-v,--verbose}'[Print a line for every target, including unchanged ones.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_variant() {
    local -i ret=1
    local -ar ___format=('text' 'json')
    local -ar arg_specs=(
        '--repo[The git repository (default\: found upwards from the current directory, like git).]:path:_files -/'
        '--rev[Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.]:rev:'
        ':id:{__livery_custom_complete ---completion variant -- positional@0 "${current_word_index}" "$(__livery_cursor_index_in_current_word)"}'
        '--install-id[The install id the app passes.]:id:'
        '--install-ids[A file of install ids, one a line; prints one answer per id (a JSON array of {"installId", "variant"} with --format json).]:file:_files'
        '--country[The install'\''s country, ISO 3166-1 alpha-2 (CA).]:CC:'
        '--locale[The install'\''s locale, a BCP 47 tag (fr-CA).]:tag:'
        '--platform[The install'\''s platform\: android, ios, macos or web.]:platform:'
        '--app-version[The app'\''s version (3.2.0).]:version:'
        '--date[The moment, an ISO 8601 instant with its offset (2026-12-02T09\:00\:00Z); now when absent.]:instant:'
        '--format[Output format\: text (the variant'\''s name, or none; a line per id with --install-ids) or json ({"variant"\: name or null, …}; an array of {"installId", "variant"} with --install-ids).]:format:{__livery_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_version() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livery_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _livery ]]; then
    _livery "${@}"
else
    compdef _livery livery
fi
