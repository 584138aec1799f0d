function __livery_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __livery_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __livery_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __livery_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __livery_parse_tokens -S
    set -l unparsed_tokens (__livery_tokens -pc)
    switch $unparsed_tokens[1]
    case 'livery'
        __livery_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'build'
            __livery_parse_subcommand 0 'repo=' 'rev=' 'target=+' 'platform=' 'out=' 'shard=' 'affected-since=' 'jobs=' 'force' 'archive=' 'timings' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'validate'
            __livery_parse_subcommand 0 'repo=' 'rev=' 'target=+' 'format=' 'strict' 'timings' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'diff'
            __livery_parse_subcommand 2 'repo=' 'target=+' 'format=' 'output=' 'signing-key=+' 'sequence=' 'expires-in=' 'allow-breaking' 'rollout-percent=' 'rollout-seed=' 'visual=' 'threshold=' 'chromium=' 'app-sources=' 'exit-code=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'gallery'
            __livery_parse_subcommand 0 'repo=' 'rev=' 'base=' 'target=+' 'output=' 'jobs=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'list'
            __livery_parse_subcommand 0 'repo=' 'rev=' 'format=' 'affected-since=' 'shards=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'schema'
            __livery_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'print'
                __livery_parse_subcommand 0 'repo=' 'rev=' 'built-in' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'check'
                __livery_parse_subcommand -r 1 'schema=' 'format-assertion' 'q/quiet' 'v/verbose' 'version' 'h/help'
            end
        case 'new'
            __livery_parse_subcommand 1 'template=' 'set=+' 'no-input' 'commit' 'branch=' 'strict' 'repo=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'import'
            __livery_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'dtcg'
                __livery_parse_subcommand -r 1 'brand=' 'theme=' 'map=+' 'context=+' 'skip-context=+' 'context-as-theme=+' 'parent=' 'id=' 'prefix=' 'bundle-id-prefix=' 'display-name=' 'fonts=' 'dry-run' 'commit' 'branch=' 'strict' 'repo=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            end
        case 'templates'
            __livery_parse_subcommand 0 'repo=' 'rev=' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'contract'
            __livery_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __livery_parse_subcommand 0 'repo=' 'rev=' 'force' 'stdout' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'generate'
                __livery_parse_subcommand 0 'repo=' 'rev=' 'swift=' 'kotlin=' 'compose=' 'force' 'q/quiet' 'version' 'h/help'
            end
        case 'keys'
            __livery_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'generate'
                __livery_parse_subcommand 0 'output=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'id'
                __livery_parse_subcommand 1 'version' 'h/help'
            case 'verify'
                __livery_parse_subcommand 1 'public-key=' 'root=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'root'
                __livery_parse_subcommand 0 'version' 'h/help'
                switch $unparsed_tokens[1]
                case 'create'
                    __livery_parse_subcommand 0 'root-key=+' 'threshold=' 'timestamp-key=+' 'timestamp-threshold=' 'output=' 'q/quiet' 'v/verbose' 'version' 'h/help'
                case 'next'
                    __livery_parse_subcommand 1 'output=' 'q/quiet' 'v/verbose' 'version' 'h/help'
                end
            case 'add'
                __livery_parse_subcommand 1 'public-key=' 'role=' 'client=' 'threshold=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'delegate'
                __livery_parse_subcommand 1 'client=' 'public-key=' 'threshold=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'revoke'
                __livery_parse_subcommand 1 'key-id=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'threshold'
                __livery_parse_subcommand 1 'role=' 'client=' 'threshold=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'sign'
                __livery_parse_subcommand 1 'signing-key=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            case 'timestamp'
                __livery_parse_subcommand 1 'signing-key=' 'expires-in=' 'version=' 'output=' 'q/quiet' 'v/verbose' 'version' 'h/help'
            end
        case 'variant'
            __livery_parse_subcommand 1 'repo=' 'rev=' 'install-id=' 'install-ids=' 'country=' 'locale=' 'platform=' 'app-version=' 'date=' 'format=' 'version' 'h/help'
        case 'version'
            __livery_parse_subcommand 0 'version' 'h/help'
        case 'help'
            __livery_parse_subcommand -r 1 'version'
        end
    end
end

function __livery_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __livery_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __livery_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __livery_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__livery_tokens -p)
    if test -z "$(__livery_tokens -t)"
        set -l index (count (__livery_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'livery' -f
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'build' -d 'Validate, then write one bundle per client for each platform.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'validate' -d 'Check every target (or the named ones) and report every problem.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'diff' -d 'Show what changed for each client between two revisions.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'gallery' -d 'Write a static page showing every client\'s brand side by side.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'list' -d 'List the targets: their ids, parents, whether abstract, and tree ids; or a CI build matrix.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'schema' -d 'Print the JSON Schema in force, or check JSON files against a schema.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'new' -d 'Onboard a client: make targets/<id>/ from a template.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'import' -d 'Make or update targets from files other tools write (design tokens).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'templates' -d 'List the templates `livery new` can start from, with their variables.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'contract' -d 'The app\'s contract: the tokens every client must offer (docs/contract.md).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'keys' -d 'Manage the keys that sign remote style updates (docs/runtime.md).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'variant' -d 'Print which variant of a client an install gets.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'version' -d 'Print livery\'s version (the same as `livery --version`).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build"' -l 'target' -d 'Build only this target (repeatable, or several ids separated by spaces or commas, as a CI matrix gives them); an abstract id builds everything that extends it.' -rfka '(__livery_custom_completion ---completion build -- --target (count (__livery_tokens -pc)) (__livery_tokens -tC))'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" platform' -l 'platform' -d 'Platforms to write, comma-separated, or all: ios, android, web, dtcg, compose, fastlane (default: livery.json\'s platforms).' -rfka 'ios android web dtcg compose fastlane all'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" out' -l 'out' -d 'Output directory (default: livery.json\'s outputDir, else dist, in the repository\'s working tree).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" shard' -l 'shard' -d 'Build only part K of N, for N parallel CI jobs: the targets split as `livery list --format matrix --shards N` shows, balanced by asset bytes.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" affected-since' -l 'affected-since' -d 'Build only targets whose files, ancestors, schema or settings changed since this revision (e.g. origin/main).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" jobs' -l 'jobs' -d 'Targets built at once, one per core unless given.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" force' -l 'force' -d 'Rebuild every bundle, even those that are up to date.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" archive' -l 'archive' -d 'Write each bundle as one archive, <out>/<id>.tar or <out>/<id>.zip, instead of a directory.' -rfka 'tar zip'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" timings' -l 'timings' -d 'Print to standard error where the time went per phase: listing, reading git objects, parsing, merging, schema, resolving, emitting, writing.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery build" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate"' -l 'target' -d 'Check only this target (repeatable, or several ids separated by spaces or commas). Naming an abstract target checks everything that extends it.' -rfka '(__livery_custom_completion ---completion validate -- --target (count (__livery_tokens -pc)) (__livery_tokens -tC))'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" format' -l 'format' -d 'Output: text (people), json (scripts), github (workflow annotations), sarif (code scanning).' -rfka 'text json github sarif'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" strict' -l 'strict' -d 'Treat warnings (such as low contrast) as errors.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" timings' -l 'timings' -d 'Print to standard error where the time went per phase: listing, reading git objects, parsing, merging, schema, resolving, emitting, writing.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff"' -l 'target' -d 'Compare only this target (repeatable, or several ids separated by spaces or commas). Naming an abstract target compares everything that extends it.' -rfka '(__livery_custom_completion ---completion diff -- --target (count (__livery_tokens -pc)) (__livery_tokens -tC))'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" format' -l 'format' -d 'Output: text, markdown, json, html, patch, changelog, changelog-html or update.' -rfka 'text markdown json html patch changelog changelog-html update'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" output' -l 'output' -d 'Write the report to this file instead of standard output; with --format update (where it is required), the directory to write updates to.' -rF
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff"' -l 'signing-key' -d 'With --format update: sign the updates with this private key (from livery keys generate; repeatable, to sign with an old and a new key while apps move between them).' -rF
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" sequence' -l 'sequence' -d 'With --format update: the release sequence the updates carry (1 to 2^53-1; default: HEAD\'s committer time in seconds).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" expires-in' -l 'expires-in' -d 'With --format update: apps stop applying, and drop, the updates after this long (e.g. 90d, 12h, 30m; d, h, m or s).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" allow-breaking' -l 'allow-breaking' -d 'With --format update: write updates that remove or rename tokens an app may read.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" rollout-percent' -l 'rollout-percent' -d 'With --format update: only this percentage of installs applies the updates (0 to 100, up to six decimals); needs --rollout-seed.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" rollout-seed' -l 'rollout-seed' -d 'With --format update: the seed that places installs in the rollout; keep it to widen the same rollout.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" visual' -l 'visual' -d 'Draw every changed client at both revisions in headless Chromium, compare the screens pixel by pixel, and write report.html, report.json and the images to this directory.' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" threshold' -l 'threshold' -d 'With --visual and --exit-code visual: the share of a screen\'s pixels (0 to 1, e.g. 0.001 for 0.1 %) that may change before the exit status is 1 (default 0: any changed pixel).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" chromium' -l 'chromium' -d 'With --visual: the Chromium (or Chrome) executable to draw with (default: $LIVERY_CHROMIUM, else chromium on PATH).' -rF
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" app-sources' -l 'app-sources' -d 'The app\'s source directory: say which lines of its Swift, Kotlin and CSS still read a token the contract removes.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" exit-code' -l 'exit-code' -d 'Exit with 1 when the gate is met, else 0: any (any difference), breaking (a breaking change: a removal, rename, change of kind or a target that became invalid), accessibility (an accessibility regression: a colour pair of the contract taken below its contrast target), visual (with --visual: a screen with more than --threshold of its pixels changed), major (the release is major: it breaks the app\'s code, its contract or a client\'s app), minor (the release is minor or major: it adds clients, tokens, locales or variants, or breaks) or patch (any change: a patch, minor or major release). Bare --exit-code is any, as in git diff --exit-code.' -rfka 'any breaking accessibility visual major minor patch'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery diff" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" base' -l 'base' -d 'Review mode: compare with this revision; changed clients come first, before and after.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery"' -l 'target' -d 'Show only this target (repeatable); an abstract id shows everything that extends it.' -rfka '(__livery_custom_completion ---completion gallery -- --target (count (__livery_tokens -pc)) (__livery_tokens -tC))'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" output' -l 'output' -d 'The directory to write (default: gallery).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" jobs' -l 'jobs' -d 'Targets resolved at once, one per core unless given.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery gallery" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" format' -l 'format' -d 'Output format: text (a table), json (see docs/json-output.md) or matrix (a CI build matrix).' -rfka 'text json matrix'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" affected-since' -l 'affected-since' -d 'Only concrete targets whose inputs changed since this revision (e.g. origin/main).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" shards' -l 'shards' -d 'With --format matrix: the number of jobs (at most 256; never more than there are targets).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery schema" -eq 1' -fa 'print' -d 'Print the schema in force (the default).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery schema" -eq 1' -fa 'check' -d 'Validate JSON files against a JSON Schema (draft 2020-12).'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" built-in' -l 'built-in' -d 'Print the built-in schema, whatever the repository holds (works outside a repository).'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema print" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema check" schema' -l 'schema' -d 'The schema file.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema check" format-assertion' -l 'format-assertion' -d 'Make `format` an assertion (regex, uri, email, date-time, date, time, ipv4, ipv6, uuid, hostname).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery schema check" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema check" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema check" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema check" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery schema check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" template' -l 'template' -d 'The template to start from (`livery templates` lists them).' -rfka '(__livery_custom_completion ---completion new -- --template (count (__livery_tokens -pc)) (__livery_tokens -tC))'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new"' -l 'set' -d 'A variable\'s value (repeatable), e.g. --set primary=#0B5FFF.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" no-input' -l 'no-input' -d 'Never ask for values; a missing required variable is an error (always so in CI and pipes).'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" commit' -l 'commit' -d 'Record the new target as a commit on a new branch instead of writing it to the working tree.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" branch' -l 'branch' -d 'The branch for --commit (default: onboard/<id>). It must not exist yet.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" strict' -l 'strict' -d 'Treat warnings (such as low contrast) as errors: nothing is written if there are any.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery new" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery import" -eq 1' -fa 'dtcg' -d 'Make or update targets from Design Tokens (DTCG 2025.10) files.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery import dtcg" -ge 1' -F
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" brand' -l 'brand' -d 'The modifier whose contexts are clients (one target each).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" theme' -l 'theme' -d 'The modifier whose contexts are colour appearances.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg"' -l 'map' -d 'Which theme context is an appearance (repeatable): light, dark, highContrastLight or highContrastDark.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg"' -l 'context' -d 'The context to use for another modifier (repeatable).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg"' -l 'skip-context' -d 'Leave out a theme context that is not an appearance (repeatable).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg"' -l 'context-as-theme' -d 'Import a theme context that is not an appearance as a target of its own, <client>-<context>, extending the client (repeatable).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" parent' -l 'parent' -d 'The clients\' parent target: an existing one is left as it is; a new one gets what every brand shares.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" id' -l 'id' -d 'The target id of the only client.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" prefix' -l 'prefix' -d 'Put this before every client\'s id, e.g. --prefix acme-.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" bundle-id-prefix' -l 'bundle-id-prefix' -d 'App identity for clients without one: bundle id <prefix>.<brand>.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" display-name' -l 'display-name' -d 'The client\'s name under its icon and in the stores (one client; default: the brand\'s name in title case).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" fonts' -l 'fonts' -d 'A directory of font files to attach, matched by name (Inter-Bold.ttf).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" dry-run' -l 'dry-run' -d 'Show what would be written and what would change; write nothing (with --verbose, each style.json in full).'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" commit' -l 'commit' -d 'Record the targets as a commit on a new branch instead of writing them to the working tree.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" branch' -l 'branch' -d 'The branch for --commit (default: import/<name>). It must not exist yet.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" strict' -l 'strict' -d 'Treat warnings as errors: nothing is written if there are any.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery import dtcg" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" format' -l 'format' -d 'Output format: text (people) or json (scripts).' -rfka 'text json'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery templates" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery contract" -eq 1' -fa 'init' -d 'Write targets/contract.json from the targets as they are, and list the tokens not every client defines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery contract" -eq 1' -fa 'generate' -d 'Write the app\'s typed theme (AppTheme.swift, AppTheme.kt) from the contract.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" force' -l 'force' -d 'Replace an existing contract.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" stdout' -l 'stdout' -d 'Print the contract instead of writing it (the list goes to stderr).'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" swift' -l 'swift' -d 'Write AppTheme.swift into this directory (created when missing).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" kotlin' -l 'kotlin' -d 'Write AppTheme.kt into this directory (created when missing).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" compose' -l 'compose' -d 'Write AppThemeCompose.kt, Jetpack Compose conveniences for AppTheme.kt, into this directory.' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" force' -l 'force' -d 'Replace a file of the same name that livery did not write.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" q quiet' -s 'q' -l 'quiet' -d 'Print only problems: no line per file.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery contract generate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'generate' -d 'Write a new Ed25519 key pair: DIR/signing.key (private, mode 0600) and DIR/signing.pub.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'id' -d 'Print a public key\'s id: the one its signatures carry in an update.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'verify' -d 'Check a published update folder: signatures, growing sequences, no loops.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'root' -d 'Create a root of trust, or the next version of one.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'add' -d 'Add a public key to a role of a root (drops its signatures).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'delegate' -d 'Delegate a client\'s updates to a public key (drops the root\'s signatures).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'revoke' -d 'Remove a key from every role of a root (drops its signatures).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'threshold' -d 'Change how many keys of a role must sign (drops the root\'s signatures).'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'sign' -d 'Add one key\'s signature to a root or a timestamp, keeping the others\'.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys" -eq 1' -fa 'timestamp' -d 'Write DIR/timestamp.json: each client\'s newest sequence, signed, short-lived.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys generate" output' -l 'output' -d 'The directory to write the two files to (created when missing).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys generate" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys generate" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys generate" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys generate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys id" -eq 1' -F
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys id" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys id" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys verify" -eq 1' -fa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys verify" public-key' -l 'public-key' -d 'The public key (signing.pub) every update must be signed by.' -rF
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys verify" root' -l 'root' -d 'The root of trust the app is built with.' -rF
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys verify" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys verify" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys verify" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys root" -eq 1' -fa 'create' -d 'Write version 1 of a root of trust, unsigned, naming the root keys and their threshold.'
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery keys root" -eq 1' -fa 'next' -d 'Write the next version of a root, unsigned, to change and sign.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create"' -l 'root-key' -d 'A root public key (repeat).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" threshold' -l 'threshold' -d 'How many root keys must sign each root.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create"' -l 'timestamp-key' -d 'A timestamp public key (repeat).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" timestamp-threshold' -l 'timestamp-threshold' -d 'How many timestamp keys must sign a timestamp.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" output' -l 'output' -d 'The root file to write.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root create" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root next" output' -l 'output' -d 'The new root file.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root next" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root next" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root next" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys root next" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" public-key' -l 'public-key' -d 'The public key to add.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" role' -l 'role' -d 'The role: root or timestamp.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" client' -l 'client' -d 'A client id: its delegated keys.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" threshold' -l 'threshold' -d 'The role\'s new threshold.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" client' -l 'client' -d 'The client id.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" public-key' -l 'public-key' -d 'The client\'s public key.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" threshold' -l 'threshold' -d 'How many of the client\'s keys must sign.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys delegate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys revoke" key-id' -l 'key-id' -d 'The id of the key to revoke (livery keys id).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys revoke" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys revoke" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys revoke" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys revoke" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" role' -l 'role' -d 'The role: root or timestamp.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" client' -l 'client' -d 'A client id: its delegated keys.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" threshold' -l 'threshold' -d 'The new threshold.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys threshold" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys sign" signing-key' -l 'signing-key' -d 'The private key to sign with.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys sign" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys sign" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys sign" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys sign" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" signing-key' -l 'signing-key' -d 'The timestamp role\'s private key.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" expires-in' -l 'expires-in' -d 'Seconds until the timestamp expires.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" version' -l 'version' -d 'The timestamp\'s version (default: the time in seconds).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" output' -l 'output' -d 'Where to write it (default: DIR/timestamp.json).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" q quiet' -s 'q' -l 'quiet' -d 'Print only problems and the result; no progress or per-target lines.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" v verbose' -s 'v' -l 'verbose' -d 'Print a line for every target, including unchanged ones.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery keys timestamp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" repo' -l 'repo' -d 'The git repository (default: found upwards from the current directory, like git).' -rfa '(__livery_complete_directories)'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" rev' -l 'rev' -d 'Read from this revision (HEAD, a tag, main~3, a commit id) instead of the working tree. Nothing is checked out.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_positional "livery variant" -eq 1' -fka '(__livery_custom_completion ---completion variant -- positional@0 (count (__livery_tokens -pc)) (__livery_tokens -tC))'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" install-id' -l 'install-id' -d 'The install id the app passes.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" install-ids' -l 'install-ids' -d 'A file of install ids, one a line; prints one answer per id (a JSON array of {"installId", "variant"} with --format json).' -rF
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" country' -l 'country' -d 'The install\'s country, ISO 3166-1 alpha-2 (CA).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" locale' -l 'locale' -d 'The install\'s locale, a BCP 47 tag (fr-CA).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" platform' -l 'platform' -d 'The install\'s platform: android, ios, macos or web.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" app-version' -l 'app-version' -d 'The app\'s version (3.2.0).' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" date' -l 'date' -d 'The moment, an ISO 8601 instant with its offset (2026-12-02T09:00:00Z); now when absent.' -rfka ''
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" format' -l 'format' -d 'Output format: text (the variant\'s name, or none; a line per id with --install-ids) or json ({"variant": name or null, …}; an array of {"installId", "variant"} with --install-ids).' -rfka 'text json'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery variant" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery version" version' -l 'version' -d 'Show the version.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery version" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livery' -n '__livery_should_offer_completions_for_flags_or_options "livery help" version' -l 'version' -d 'Show the version.'
