import Foundation

/// A collection view cell (UICollectionViewCell): an item's view, its content in `contentView`
/// (which fills it), over an optional background view, with an optional view shown while it is
/// selected or highlighted. Nothing is drawn by default (docs/uikit-lists.md#collection-views).
@MainActor
open class CollectionViewCell: View {
  /// UICollectionViewCell.contentView: where the item's content goes; it fills the cell.
  public let contentView = View()
  /// UICollectionReusableView.reuseIdentifier: the identifier the cell was dequeued with.
  public internal(set) var reuseIdentifier: String?
  /// UICollectionViewCell.backgroundView: behind the content, filling the cell.
  public var backgroundView: View? {
    didSet {
      oldValue?.removeFromSuperview()
      if let backgroundView { insertSubview(backgroundView, at: 0) }
      setNeedsLayout()
    }
  }
  /// UICollectionViewCell.selectedBackgroundView: over the background, under the content, while
  /// the cell is selected or highlighted.
  public var selectedBackgroundView: View? {
    didSet {
      oldValue?.removeFromSuperview()
      if let selectedBackgroundView { insertSubview(selectedBackgroundView, belowSubview: contentView) }
      updateSelectedBackground()
    }
  }
  /// UICollectionViewCell.isSelected; the collection view sets it.
  open var isSelected = false { didSet { updateSelectedBackground() } }
  /// UICollectionViewCell.isHighlighted: a finger is on the cell.
  open var isHighlighted = false { didSet { updateSelectedBackground() } }
  /// The collection view that made or dequeued the cell, which alone may show it.
  weak var owningCollection: CollectionView?

  /// UICollectionViewCell(frame:).
  public override init(frame: Rect) {
    super.init(frame: frame)
    name = "cell"
    contentView.name = "content"
    contentView.frame = bounds
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  /// A cell with a zero frame.
  public convenience init() { self.init(frame: .zero) }

  /// The cell a collection view makes for a class registered under `reuseIdentifier`: its
  /// `init(frame:)`, as UIKit calls it. Subclasses inherit it while they override
  /// `init(frame:)` or add no initializer.
  public required convenience init(registeredReuseIdentifier reuseIdentifier: String) {
    self.init(frame: .zero)
    self.reuseIdentifier = reuseIdentifier
  }

  /// UICollectionReusableView.prepareForReuse(): called before the cell is dequeued again; the
  /// default does nothing.
  open func prepareForReuse() {}

  open override func layoutSubviews() {
    super.layoutSubviews()
    for view in [backgroundView, selectedBackgroundView] where view?.frame != bounds { view?.frame = bounds }
  }

  private func updateSelectedBackground() {
    selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
  }
}
