// Swift Testing declares a cross-import overlay for UIKit: a file that imports both Testing and
// a module named UIKit also imports `_Testing_UIKit` (Testing.swiftcrossimport in the
// toolchain). Linux toolchains ship the declaration but not the module, so such a file fails
// with "no such module '_Testing_UIKit'". This empty module is that overlay: a test file may
// import Testing and UIKit together (docs/uikit-names.md#testing-and-uikit-in-one-file).
