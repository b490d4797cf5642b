import Foundation
// The snapshot and geometry types are a module of plain values of their own, so that the
// compositor reads them without depending on the engine; `import Animator` brings them along.
@_exported import Snapshot
// Fonts and text layout (`Font`, `TextAlignment`, `LineBreakMode`) are a label's API.
@_exported import Text
