// `MergeRules`, `StyleUpdate` and the key types appear in the runtime's API;
// an app that imports LiveryRuntime gets them without importing the shared module.
@_exported import LiveryCore
