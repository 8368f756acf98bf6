# fish completion for gin, the Gin Rummy hand analyzer.
#
# Install: gin completion fish > ~/.config/fish/completions/gin.fish
#
# gin itself works out what may come next: this function passes it the words
# typed so far ("gin __complete WORD..."). It answers one candidate a line,
# "VALUE" or "VALUE<TAB>NOTE", a line ":yaml" when YAML files and
# directories fit too, and a line ":dirs" when directories do (the files that
# fit, rules files but not score sheets, are among the values).

function __gin_complete
    set -l words (commandline -opc)
    set -l current (commandline -ct)
    set -l yaml
    set -l dirs
    for line in (command $words[1] __complete $words[2..-1] $current 2>/dev/null)
        if test "$line" = :yaml
            set yaml 1
        else if test "$line" = :dirs
            set dirs 1
        else
            printf '%s\n' $line
        end
    end
    if set -q dirs[1]
        for path in $current*
            if test -d $path
                printf '%s/\tdirectory\n' $path
            end
        end
    end
    if set -q yaml[1]
        for path in $current*
            if test -d $path
                printf '%s/\tdirectory\n' $path
            else if string match -qr '\.ya?ml$' -- $path
                printf '%s\tYAML file\n' $path
            end
        end
    end
end

complete -c gin -f -a '(__gin_complete)'
