"""Reports: each command's outcome as text for people, JSON for tools, and
JUnit XML, SARIF and Markdown for CI views and pull requests. Each command's
report is a module of its own whose `REPORTS` table names its renderer in
each format it offers; `formats.FORMATS` says what each format is, and
`formats.render` looks the command's renderer up."""
