import Foundation

/// UIBarButtonItem: a button of a navigation bar or a toolbar — a title, an image, a system
/// item (a glyph drawn here, or a word) or a space (docs/uikit-bars.md#bar-button-items). A
/// scripted tap on it runs its action on its target.
@MainActor
open class BarButtonItem {
  /// UIBarButtonItem.Style: `.done` draws a title in the semibold weight.
  public enum Style: Sendable {
    /// A title in the regular weight (17 points), the default.
    case plain
    /// A title in the semibold weight, for the item that confirms (a system `.done` item is one).
    case done
  }

  /// UIBarButtonItem.SystemItem: the system's own items. The words are the English titles; the
  /// others are glyphs drawn here from strokes and rings (no Apple artwork); `.flexibleSpace`
  /// and `.fixedSpace` are empty.
  public enum SystemItem: Sendable, CaseIterable {
    /// The word "Done", semibold.
    case done
    /// The word "Cancel".
    case cancel
    /// The word "Edit".
    case edit
    /// The word "Save".
    case save
    /// A plus glyph.
    case add
    /// An empty space; in a toolbar the flexible spaces share the room left equally.
    case flexibleSpace
    /// An empty space `width` points wide (`fixedSpace(_:)`).
    case fixedSpace
    /// A square-and-pencil glyph.
    case compose
    /// A reply-arrow glyph.
    case reply
    /// A box-and-arrow (share) glyph.
    case action
    /// A folder glyph.
    case organize
    /// A book glyph.
    case bookmarks
    /// A magnifier glyph.
    case search
    /// A ring-and-arrowhead (reload) glyph.
    case refresh
    /// A cross glyph.
    case stop
    /// A camera glyph.
    case camera
    /// A bin glyph.
    case trash
    /// A triangle (play) glyph.
    case play
    /// A two-bar (pause) glyph.
    case pause
    /// A glyph of two chevrons pointing left.
    case rewind
    /// A glyph of two chevrons pointing right.
    case fastForward
    /// The word "Undo" (not iOS's arrow).
    case undo
    /// The word "Redo" (not iOS's arrow).
    case redo
    /// A ring-and-cross glyph.
    case close
  }

  /// The title drawn (nil: the image or the system item's).
  public var title: String? { didSet { changed() } }
  /// The picture drawn when there is no title, at its own size: as a template in the item's
  /// colour unless it is `.alwaysOriginal` (nil: none).
  public var image: Image? { didSet { changed() } }
  /// `.plain` (the default) or `.done` (semibold).
  public var style: Style { didSet { changed() } }
  /// The width of a fixed space, in points (other items: 0, their own width).
  public var width: Double = 0 { didSet { changed() } }
  /// UIBarButtonItem.isEnabled: a disabled item is drawn in the disabled grey and ignores taps.
  public var isEnabled = true { didSet { changed() } }
  /// The item's colour (nil: the bar's `tintColor`).
  public var tintColor: Color? { didSet { changed() } }
  /// A view shown in place of the item's title or image (nil: none).
  public var customView: View? { didSet { changed() } }
  /// A number of the app's choosing.
  public var tag = 0
  /// The system item it was made as (nil: a title or image item).
  public let systemItem: SystemItem?
  /// What a tap runs (the target's method, or a closure).
  private var action: ((BarButtonItem) -> Void)?
  /// The bar showing the item, laid out again when it changes.
  weak var bar: View?
  /// `image` as the bar draws it.
  var template = BarTemplateImage()

  /// An item of `title`, `image`, `style` and no action (UIBarButtonItem()).
  public init(title: String? = nil, image: Image? = nil, style: Style = .plain) {
    self.title = title
    self.image = image
    self.style = style
    self.systemItem = nil
  }

  /// A system item; `.done` is drawn in the semibold weight, as UIKit's.
  public init(systemItem: SystemItem) {
    self.systemItem = systemItem
    self.style = systemItem == .done ? .done : .plain
  }

  /// UIBarButtonItem(title:style:target:action:): `action` is a method of the target's type
  /// (`InboxViewController.compose`, where iOS writes `#selector(compose)`); the target is not
  /// retained.
  public convenience init<Target: AnyObject>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(title: title, style: style)
    setAction(target, action)
  }

  /// UIBarButtonItem(title:style:target:action:) with an action taking the item (the sender).
  public convenience init<Target: AnyObject>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> (BarButtonItem) -> Void
  ) {
    self.init(title: title, style: style)
    setAction(target, action)
  }

  /// UIBarButtonItem(title:style:target:action:) without an action (`target: nil, action: nil`).
  public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
    self.init(title: title, style: style)
  }

  /// UIBarButtonItem(image:style:target:action:).
  public convenience init<Target: AnyObject>(
    image: Image?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(image: image, style: style)
    setAction(target, action)
  }

  /// UIBarButtonItem(image:style:target:action:) without an action.
  public convenience init(image: Image?, style: Style, target: AnyObject?, action: Never?) {
    self.init(image: image, style: style)
  }

  /// UIBarButtonItem(barButtonSystemItem:target:action:).
  public convenience init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(systemItem: systemItem)
    setAction(target, action)
  }

  /// UIBarButtonItem(barButtonSystemItem:target:action:) with an action taking the item.
  public convenience init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> (BarButtonItem) -> Void
  ) {
    self.init(systemItem: systemItem)
    setAction(target, action)
  }

  /// UIBarButtonItem(barButtonSystemItem:target:action:) without an action (spaces).
  public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
    self.init(systemItem: systemItem)
  }

  /// UIBarButtonItem(customView:).
  public convenience init(customView: View) {
    self.init()
    self.customView = customView
  }

  /// UIBarButtonItem.flexibleSpace(): a space sharing the room left in a toolbar.
  public static func flexibleSpace() -> BarButtonItem { BarButtonItem(systemItem: .flexibleSpace) }

  /// UIBarButtonItem.fixedSpace(_:): a space `width` points wide.
  public static func fixedSpace(_ width: Double) -> BarButtonItem {
    let item = BarButtonItem(systemItem: .fixedSpace)
    item.width = width
    return item
  }

  /// Runs `action` when tapped (the closure is retained).
  public func setAction(_ action: @escaping (BarButtonItem) -> Void) { self.action = action }

  private func setAction<Target: AnyObject>(_ target: Target?, _ method: @escaping (Target) -> () -> Void) {
    action = { [weak target] _ in if let target { method(target)() } }
  }

  private func setAction<Target: AnyObject>(_ target: Target?, _ method: @escaping (Target) -> (BarButtonItem) -> Void)
  {
    action = { [weak target] item in if let target { method(target)(item) } }
  }

  /// A tap lifted on the item: its action, when enabled.
  func tapped() {
    guard isEnabled else { return }
    action?(self)
  }

  private func changed() { bar?.setNeedsLayout() }

  /// Whether the item is a space (flexible or fixed), drawn as nothing.
  var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

  /// The word a system item is drawn as (nil: a glyph or a space).
  var systemTitle: String? {
    switch systemItem {
    case .done: return "Done"
    case .cancel: return "Cancel"
    case .edit: return "Edit"
    case .save: return "Save"
    case .undo: return "Undo"
    case .redo: return "Redo"
    default: return nil
    }
  }

  /// What the item shows: its title, else its system word.
  var shownTitle: String? { title ?? systemTitle }
}
