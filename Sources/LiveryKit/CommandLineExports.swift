// What the command line names of the modules below LiveryKit: the values its
// options parse into (platforms, archive and diff formats, an import's modifier
// contexts and appearances), what it prints (diagnostics, errors, the styler it
// colours), and the few helpers it shares. `livery` imports LiveryKit only, so
// everything else below stays the services' business. Each line is one
// declaration, not its module.
@_exported import enum LiveryArchive.ArchiveFormat
@_exported import class LiveryConcurrency.Locked
@_exported import struct LiveryCore.UpdateRollout
@_exported import struct LiveryCore.UpdateTime
@_exported import enum LiveryCore.VariantFacts
@_exported import enum LiveryDiff.DiffDetail
@_exported import struct LiveryDiff.DiffFormat
@_exported import struct LiveryDiff.DiffRenderContext
@_exported import struct LiveryDiff.DiffReport
@_exported import struct LiveryEmit.AppThemeLanguage
@_exported import struct LiveryEmit.Platform
@_exported import enum LiveryEngine.RunInterruption
@_exported import struct LiveryEngine.Shard
@_exported import struct LiveryEngine.ShardPlan
@_exported import protocol LiveryGit.UserError
@_exported import enum LiveryGit.UserErrorExit
@_exported import enum LiveryImport.Appearance
@_exported import struct LiveryImport.ImportPlanRequest
@_exported import struct LiveryImport.ModifierContext
@_exported import protocol LiveryRegistry.Registered
@_exported import struct LiveryRegistry.Registry
@_exported import struct LiveryTargets.Diagnostic
@_exported import class LiveryTargets.PhaseTimings
@_exported import enum LiveryTargets.TargetID
@_exported import struct LiveryText.Styler
@_exported import enum LiveryText.TerminalText
@_exported import struct LiveryVisual.VisualReport
