// What reads a repository is written in terms of `Source`, `ObjectID` and their
// errors, so every user of LiveryGit sees them without a second import.
@_exported import LiverySource
