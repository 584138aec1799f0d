#!/bin/bash

__livery_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__livery_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__livery_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__livery_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_livery() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __livery_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    build|validate|diff|gallery|list|schema|new|import|templates|contract|keys|variant|version|help)
        # Offer subcommand argument completions
        "_livery_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'build validate diff gallery list schema new import templates contract keys variant version help' -- "${cur}"))
        ;;
    esac
}

_livery_build() {
    repeating_flags=()
    non_repeating_flags=(--force --timings -q --quiet -v --verbose --version -h --help)
    repeating_options=(--target)
    non_repeating_options=(--repo --rev --platform --out --shard --affected-since --jobs --archive)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--target')
        __livery_add_completions -W "$(__livery_custom_complete ---completion build -- --target "${COMP_CWORD}" "$(__livery_cursor_index_in_current_word)")"
        return
        ;;
    '--platform')
        __livery_add_completions -W 'ios'$'\n''android'$'\n''web'$'\n''dtcg'$'\n''compose'$'\n''fastlane'$'\n''all'
        return
        ;;
    '--out')
        __livery_add_completions -d
        return
        ;;
    '--shard')
        return
        ;;
    '--affected-since')
        return
        ;;
    '--jobs')
        return
        ;;
    '--archive')
        __livery_add_completions -W 'tar'$'\n''zip'
        return
        ;;
    esac
}

_livery_validate() {
    repeating_flags=()
    non_repeating_flags=(--strict --timings -q --quiet -v --verbose --version -h --help)
    repeating_options=(--target)
    non_repeating_options=(--repo --rev --format)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--target')
        __livery_add_completions -W "$(__livery_custom_complete ---completion validate -- --target "${COMP_CWORD}" "$(__livery_cursor_index_in_current_word)")"
        return
        ;;
    '--format')
        __livery_add_completions -W 'text'$'\n''json'$'\n''github'$'\n''sarif'
        return
        ;;
    esac
}

_livery_diff() {
    repeating_flags=()
    non_repeating_flags=(--allow-breaking -q --quiet -v --verbose --version -h --help)
    repeating_options=(--target --signing-key)
    non_repeating_options=(--repo --format --output --sequence --expires-in --rollout-percent --rollout-seed --visual --threshold --chromium --app-sources --exit-code)
    __livery_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--target')
        __livery_add_completions -W "$(__livery_custom_complete ---completion diff -- --target "${COMP_CWORD}" "$(__livery_cursor_index_in_current_word)")"
        return
        ;;
    '--format')
        __livery_add_completions -W 'text'$'\n''markdown'$'\n''json'$'\n''html'$'\n''patch'$'\n''changelog'$'\n''changelog-html'$'\n''update'
        return
        ;;
    '--output')
        __livery_add_completions -f
        return
        ;;
    '--signing-key')
        __livery_add_completions -f
        return
        ;;
    '--sequence')
        return
        ;;
    '--expires-in')
        return
        ;;
    '--rollout-percent')
        return
        ;;
    '--rollout-seed')
        return
        ;;
    '--visual')
        __livery_add_completions -d
        return
        ;;
    '--threshold')
        return
        ;;
    '--chromium')
        __livery_add_completions -f
        return
        ;;
    '--app-sources')
        return
        ;;
    '--exit-code')
        __livery_add_completions -W 'any'$'\n''breaking'$'\n''accessibility'$'\n''visual'$'\n''major'$'\n''minor'$'\n''patch'
        return
        ;;
    esac
}

_livery_gallery() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=(--target)
    non_repeating_options=(--repo --rev --base --output --jobs)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--base')
        return
        ;;
    '--target')
        __livery_add_completions -W "$(__livery_custom_complete ---completion gallery -- --target "${COMP_CWORD}" "$(__livery_cursor_index_in_current_word)")"
        return
        ;;
    '--output')
        __livery_add_completions -d
        return
        ;;
    '--jobs')
        return
        ;;
    esac
}

_livery_list() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--repo --rev --format --affected-since --shards)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--format')
        __livery_add_completions -W 'text'$'\n''json'$'\n''matrix'
        return
        ;;
    '--affected-since')
        return
        ;;
    '--shards')
        return
        ;;
    esac
}

_livery_schema() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    print|check)
        # Offer subcommand argument completions
        "_livery_schema_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'print check' -- "${cur}"))
        ;;
    esac
}

_livery_schema_print() {
    repeating_flags=()
    non_repeating_flags=(--built-in -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--repo --rev)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    esac
}

_livery_schema_check() {
    repeating_flags=()
    non_repeating_flags=(--format-assertion -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--schema)
    __livery_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--schema')
        __livery_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __livery_add_completions -o plusdirs -fX '!*.@(json)'
        return
        ;;
    esac
}

_livery_new() {
    repeating_flags=()
    non_repeating_flags=(--no-input --commit --strict -q --quiet -v --verbose --version -h --help)
    repeating_options=(--set)
    non_repeating_options=(--template --branch --repo)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--template')
        __livery_add_completions -W "$(__livery_custom_complete ---completion new -- --template "${COMP_CWORD}" "$(__livery_cursor_index_in_current_word)")"
        return
        ;;
    '--set')
        return
        ;;
    '--branch')
        return
        ;;
    '--repo')
        __livery_add_completions -d
        return
        ;;
    esac
}

_livery_import() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    dtcg)
        # Offer subcommand argument completions
        "_livery_import_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'dtcg' -- "${cur}"))
        ;;
    esac
}

_livery_import_dtcg() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --commit --strict -q --quiet -v --verbose --version -h --help)
    repeating_options=(--map --context --skip-context --context-as-theme)
    non_repeating_options=(--brand --theme --parent --id --prefix --bundle-id-prefix --display-name --fonts --branch --repo)
    __livery_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--brand')
        return
        ;;
    '--theme')
        return
        ;;
    '--map')
        return
        ;;
    '--context')
        return
        ;;
    '--skip-context')
        return
        ;;
    '--context-as-theme')
        return
        ;;
    '--parent')
        return
        ;;
    '--id')
        return
        ;;
    '--prefix')
        return
        ;;
    '--bundle-id-prefix')
        return
        ;;
    '--display-name')
        return
        ;;
    '--fonts')
        __livery_add_completions -d
        return
        ;;
    '--branch')
        return
        ;;
    '--repo')
        __livery_add_completions -d
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __livery_add_completions -f
        return
        ;;
    esac
}

_livery_templates() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--repo --rev --format)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--format')
        __livery_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_livery_contract() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    init|generate)
        # Offer subcommand argument completions
        "_livery_contract_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'init generate' -- "${cur}"))
        ;;
    esac
}

_livery_contract_init() {
    repeating_flags=()
    non_repeating_flags=(--force --stdout -q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--repo --rev)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    esac
}

_livery_contract_generate() {
    repeating_flags=()
    non_repeating_flags=(--force -q --quiet --version -h --help)
    repeating_options=()
    non_repeating_options=(--repo --rev --swift --kotlin --compose)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--swift')
        __livery_add_completions -d
        return
        ;;
    '--kotlin')
        __livery_add_completions -d
        return
        ;;
    '--compose')
        __livery_add_completions -d
        return
        ;;
    esac
}

_livery_keys() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    generate|id|verify|root|add|delegate|revoke|threshold|sign|timestamp)
        # Offer subcommand argument completions
        "_livery_keys_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'generate id verify root add delegate revoke threshold sign timestamp' -- "${cur}"))
        ;;
    esac
}

_livery_keys_generate() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--output)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--output')
        __livery_add_completions -d
        return
        ;;
    esac
}

_livery_keys_id() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __livery_add_completions -f
        return
        ;;
    esac
}

_livery_keys_verify() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--public-key --root)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--public-key')
        __livery_add_completions -f
        return
        ;;
    '--root')
        __livery_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __livery_add_completions -d
        return
        ;;
    esac
}

_livery_keys_root() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    create|next)
        # Offer subcommand argument completions
        "_livery_keys_root_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'create next' -- "${cur}"))
        ;;
    esac
}

_livery_keys_root_create() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=(--root-key --timestamp-key)
    non_repeating_options=(--threshold --timestamp-threshold --output)
    __livery_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--root-key')
        return
        ;;
    '--threshold')
        return
        ;;
    '--timestamp-key')
        return
        ;;
    '--timestamp-threshold')
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_livery_keys_root_next() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--output)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--output')
        return
        ;;
    esac
}

_livery_keys_add() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--public-key --role --client --threshold)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--public-key')
        return
        ;;
    '--role')
        return
        ;;
    '--client')
        return
        ;;
    '--threshold')
        return
        ;;
    esac
}

_livery_keys_delegate() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--client --public-key --threshold)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--client')
        return
        ;;
    '--public-key')
        return
        ;;
    '--threshold')
        return
        ;;
    esac
}

_livery_keys_revoke() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--key-id)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--key-id')
        return
        ;;
    esac
}

_livery_keys_threshold() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--role --client --threshold)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--role')
        return
        ;;
    '--client')
        return
        ;;
    '--threshold')
        return
        ;;
    esac
}

_livery_keys_sign() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--signing-key)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--signing-key')
        return
        ;;
    esac
}

_livery_keys_timestamp() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet -v --verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--signing-key --expires-in --version --output)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--signing-key')
        return
        ;;
    '--expires-in')
        return
        ;;
    '--version')
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_livery_variant() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--repo --rev --install-id --install-ids --country --locale --platform --app-version --date --format)
    __livery_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--repo')
        __livery_add_completions -d
        return
        ;;
    '--rev')
        return
        ;;
    '--install-id')
        return
        ;;
    '--install-ids')
        __livery_add_completions -f
        return
        ;;
    '--country')
        return
        ;;
    '--locale')
        return
        ;;
    '--platform')
        return
        ;;
    '--app-version')
        return
        ;;
    '--date')
        return
        ;;
    '--format')
        __livery_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __livery_add_completions -W "$(__livery_custom_complete ---completion variant -- positional@0 "${COMP_CWORD}" "$(__livery_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_livery_version() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options 0
}

_livery_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __livery_offer_flags_options -1
}

complete -o filenames -F _livery livery
