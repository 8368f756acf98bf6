# PowerShell completion for gin, the Gin Rummy hand analyzer.
#
# Install: add this line to your profile ($PROFILE):
#   gin completion powershell | Out-String | Invoke-Expression
# On Windows, "gin" is PowerShell's alias of Get-ComputerInfo: type gin.exe,
# which completes too.
#
# gin itself works out what may come next: this script passes it the words
# typed so far ("gin __complete WORD..."). It answers one candidate a line,
# "VALUE" or "VALUE<TAB>NOTE", a line ":yaml" when YAML files and
# directories fit too, and a line ":dirs" when directories do (the files that
# fit, rules files but not score sheets, are among the values).

Register-ArgumentCompleter -Native -CommandName 'gin', 'gin.exe' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $words = @($commandAst.CommandElements |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition } |
        ForEach-Object {
            if ($_ -is [System.Management.Automation.Language.StringConstantExpressionAst]) { $_.Value }
            else { $_.Extent.Text }
        })
    $program = Get-Command -Name $words[0] -CommandType Application -ErrorAction SilentlyContinue |
        Select-Object -First 1
    if (-not $program) { return }
    # Before PowerShell 7.3, and in its Legacy mode, an empty argument does
    # not reach a program unless it is written as "".
    $word = $wordToComplete
    if ($word -eq '' -and ($PSVersionTable.PSVersion -lt [version]'7.3' -or $PSNativeCommandArgumentPassing -eq 'Legacy')) {
        $word = '""'
    }

    $yaml = $false
    $dirs = $false
    $rest = @($words | Select-Object -Skip 1)
    foreach ($line in (& $program __complete @rest $word 2>$null)) {
        if ($line -eq ':yaml') { $yaml = $true; continue }
        if ($line -eq ':dirs') { $dirs = $true; continue }
        if (-not $line) { continue }
        $value, $note = $line -split "`t", 2
        if (-not $note) { $note = $value }
        [System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $note)
    }

    if ($yaml -or $dirs) {
        $dir = Split-Path -Path $wordToComplete -Parent
        Get-ChildItem -Path "$wordToComplete*" -ErrorAction SilentlyContinue |
            Where-Object { $_.PSIsContainer -or ($yaml -and $_.Extension -in '.yaml', '.yml') } |
            ForEach-Object {
                $path = if ($dir) { Join-Path $dir $_.Name } else { $_.Name }
                $type = if ($_.PSIsContainer) { 'ProviderContainer' } else { 'ProviderItem' }
                $text = if ($path -match "[\s'`$]") { "'" + ($path -replace "'", "''") + "'" } else { $path }
                [System.Management.Automation.CompletionResult]::new($text, $_.Name, $type, $path)
            }
    }
}
