enum LiveryKitPlaceholder {}
