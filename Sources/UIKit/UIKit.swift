// `import UIKit` on Linux: UIKit's, Core Animation's and Core Graphics' Swift names, as today's
// SDK spells them, for the library's own types and functions, so that a transition file
// written for iOS compiles here unchanged and does what it does on iOS. Every name is an alias
// or a forwarding function: the behaviour is the library's (docs/uikit-names.md has the
// table). What the library does not model is declared unavailable, with a message naming what
// to use instead, so that such a file fails to compile with that message rather than
// "cannot find in scope". Foundation comes along, as it does with UIKit.
@_exported import TransitionRender
