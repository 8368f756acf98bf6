# bash completion for gin, the Gin Rummy hand analyzer      -*- shell-script -*-
#
# Install, with the bash-completion package:
#   gin completion bash > ~/.local/share/bash-completion/completions/gin
# or, without it, source this file from ~/.bashrc.
#
# gin itself works out what may come next: this script passes it the words
# typed so far ("gin __complete WORD..."). It answers one candidate a line,
# "VALUE" or "VALUE<TAB>NOTE", a line ":yaml" when YAML files and
# directories fit too, and a line ":dirs" when directories do (the files that
# fit, rules files but not score sheets, are among the values).

_gin() {
	local cur prev words cword
	if declare -F _init_completion >/dev/null; then
		_init_completion -n =: || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	fi

	local out line yaml= dirs=
	out=$("${words[0]}" __complete "${words[@]:1:cword}" 2>/dev/null) || return
	COMPREPLY=()
	while IFS= read -r line; do
		case $line in
		'') ;;
		:yaml) yaml=1 ;;
		:dirs) dirs=1 ;;
		*) COMPREPLY+=("${line%%$'\t'*}") ;;
		esac
	done <<<"$out"

	if [[ $dirs ]]; then
		compopt -o filenames 2>/dev/null
		if declare -F _filedir >/dev/null; then
			_filedir -d
		else
			mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$cur")
		fi
	fi
	if [[ $yaml ]]; then
		if declare -F _filedir >/dev/null; then
			_filedir '@(yaml|yml)'
		else
			compopt -o filenames 2>/dev/null
			mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(
				compgen -d -- "$cur"
				compgen -f -X '!*.yaml' -- "$cur"
				compgen -f -X '!*.yml' -- "$cur"
			)
		fi
	fi
}

complete -F _gin gin
