import Foundation

// UIKit's rows and items of an index path. On Apple's platforms UIKit adds them to Foundation's
// IndexPath; Foundation on Linux has IndexPath without them, so the library adds them here
// (docs/uikit-lists.md#index-paths).

extension IndexPath {
  /// IndexPath(row:section:): the path [section, row].
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

  /// IndexPath(item:section:): the path [section, item].
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

  /// The first index: the section of a table's row or a collection view's item.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The second index: a table view's row within its section.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The second index: a collection view's item within its section.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// How UIKit's exception texts show an index path: `<NSIndexPath> {length = 2, path = 0 - 4}`
  /// (the object's address left out).
  var uikitDescription: String {
    "<NSIndexPath> {length = \(count), path = \(map(String.init).joined(separator: " - "))}"
  }
}
