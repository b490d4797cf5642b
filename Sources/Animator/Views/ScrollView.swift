import Foundation

/// UIScrollViewDelegate: told when the content moves. Every method has a default that does
/// nothing.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed (set, scrolled to a row, or at the end of an animated scroll).
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// An animated `setContentOffset` (or `scrollToRow`, `scrollToItem`) reached its end.
  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// A scroll view (UIScrollView): a view whose bounds origin is the content offset, so that its
/// subviews, placed in content coordinates, move by the offset and are clipped to its bounds
/// (docs/uikit-lists.md#scrolling-is-the-bounds-origin). The content starts below the safe area:
/// `adjustedContentInset` adds the safe area's insets to `contentInset`
/// (docs/uikit-lists.md#adjusted-content-inset), and a scroll view at rest at the top follows a
/// change of it. Scripted pans do not scroll it (scrolling is set in code).
@MainActor
open class ScrollView: View {
  /// UIScrollView.ContentInsetAdjustmentBehavior: which edges of the safe area are added to
  /// `contentInset`.
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    /// Top and bottom always; left and right when the content scrolls horizontally.
    case automatic
    /// The edges of the axes the content scrolls along.
    case scrollableAxes
    /// None.
    case never
    /// All four.
    case always
  }

  /// Told when the content moves (held weakly, as in UIKit). A table or collection view's
  /// delegate is this one, of their delegate protocols.
  public weak var delegate: ScrollViewDelegate?
  /// The size of the content in points; the offsets it can scroll between follow from it.
  public var contentSize: Size = .zero {
    didSet { if contentSize != oldValue { setNeedsLayout() } }
  }
  /// Space around the content, in points, beyond what the safe area adds (default zero).
  public var contentInset: EdgeInsets = .zero {
    didSet { if contentInset != oldValue { setNeedsLayout() } }
  }
  /// Default `.automatic`.
  public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
    didSet { setNeedsLayout() }
  }
  /// Whether the content scrolls; kept for UIKit's API (scrolling here is set in code).
  public var isScrollEnabled = true
  /// Kept for UIKit's API; no scroll indicator is drawn (iOS hides them at rest).
  public var showsVerticalScrollIndicator = true
  /// Kept for UIKit's API; no scroll indicator is drawn.
  public var showsHorizontalScrollIndicator = true
  /// Kept for UIKit's API (no rubber band without a finger); a vertical bounce counts the
  /// content as vertically scrollable for the inset adjustment.
  public var alwaysBounceVertical = false
  /// As `alwaysBounceVertical`, horizontally.
  public var alwaysBounceHorizontal = false
  /// Kept for UIKit's API.
  public var bounces = true

  /// The adjusted insets the content offset was last placed for (nil before the first layout).
  private var restingInsets: EdgeInsets?
  /// Whether code set the offset before the first layout (it is then kept).
  private var offsetWasSet = false
  /// The visible rectangle where an animated scroll started, until it ends: what is laid out
  /// must cover the whole way.
  private(set) var scrollStartRect: Rect?

  /// A scroll view clipping to its bounds, at content offset zero; `frame` in points.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    clipsToBounds = true
    setNeedsLayout()
  }

  /// UIScrollView.contentOffset: the content point at the bounds' top-left corner, that is
  /// the bounds origin. Setting it moves the content at once and tells the delegate.
  public var contentOffset: Point {
    get { bounds.origin }
    set { setContentOffset(newValue, animated: false) }
  }

  /// Moves the content so that `offset` is at the top-left corner; animated, over 0.3 s with
  /// ease-in-ease-out (docs/uikit-lists.md#scrolling-is-the-bounds-origin), the delegate told
  /// at the end.
  public func setContentOffset(_ offset: Point, animated: Bool) {
    offsetWasSet = true
    guard offset != bounds.origin else { return }
    guard animated else {
      coverWhileAnimating()
      bounds.origin = offset
      setNeedsLayout()
      delegate?.scrollViewDidScroll(self)
      return
    }
    scrollStartRect = bounds
    setNeedsLayout()
    View.animate(
      withDuration: Self.scrollAnimationDuration, delay: 0, options: [.curveEaseInOut],
      animations: { self.bounds.origin = offset },
      completion: { [weak self] _ in
        guard let self else { return }
        self.scrollStartRect = nil
        self.setNeedsLayout()
        self.delegate?.scrollViewDidScroll(self)
        self.delegate?.scrollViewDidEndScrollingAnimation(self)
      })
  }

  /// Inside an animation block (the offset set in `UIView.animate`), the content moves with the
  /// block: what is laid out covers where it started until the block's animations end.
  private func coverWhileAnimating() {
    guard scrollStartRect == nil, let block = AnimationEngine.current.blocks.last, block.duration > 0 else { return }
    scrollStartRect = bounds
    let group = block.group
    let then = group.completion
    group.completion = { [weak self] finished in
      self?.scrollStartRect = nil
      self?.setNeedsLayout()
      then?(finished)
    }
  }

  /// Seconds an animated change of the content offset takes (not documented by UIKit;
  /// assumed).
  public static let scrollAnimationDuration = 0.3

  /// UIScrollView.adjustedContentInset: `contentInset` plus the safe area's insets on the
  /// edges `contentInsetAdjustmentBehavior` adjusts.
  public var adjustedContentInset: EdgeInsets {
    let safe = safeAreaInsets, edges = adjustedEdges
    return EdgeInsets(
      top: contentInset.top + (edges.vertical ? safe.top : 0),
      left: contentInset.left + (edges.horizontal ? safe.left : 0),
      bottom: contentInset.bottom + (edges.vertical ? safe.bottom : 0),
      right: contentInset.right + (edges.horizontal ? safe.right : 0))
  }

  /// Whether the safe area is added along each axis.
  private var adjustedEdges: (vertical: Bool, horizontal: Bool) {
    let scrollsVertically = alwaysBounceVertical || contentSize.height > bounds.height
    let scrollsHorizontally = alwaysBounceHorizontal || contentSize.width > bounds.width
    switch contentInsetAdjustmentBehavior {
    case .automatic: return (true, scrollsHorizontally)
    case .scrollableAxes: return (scrollsVertically, scrollsHorizontally)
    case .never: return (false, false)
    case .always: return (true, true)
    }
  }

  /// The offset at which the content's top-left corner sits inside the adjusted insets.
  var restingOffset: Point {
    let insets = adjustedContentInset
    return Point(x: -insets.left, y: -insets.top)
  }

  /// The largest offset along y that keeps the content's bottom inside the adjusted insets (the
  /// resting offset when the content is shorter than the bounds).
  var maximumOffsetY: Double {
    let insets = adjustedContentInset
    return max(-insets.top, contentSize.height + insets.bottom - bounds.height)
  }

  /// As `maximumOffsetY`, along x.
  var maximumOffsetX: Double {
    let insets = adjustedContentInset
    return max(-insets.left, contentSize.width + insets.right - bounds.width)
  }

  /// Keeps a scroll view at rest at its top at rest there when its adjusted insets change (the
  /// first layout in a window included), as UIKit keeps a table below a bar.
  open override func layoutSubviews() {
    super.layoutSubviews()
    followAdjustedInsets()
  }

  /// A scroll view entering a hierarchy under bars (a pushed or popped screen) rests below
  /// them from its first frame there, as in UIKit, whose safe area change lays it out again.
  override func safeAreaMayHaveChanged() {
    super.safeAreaMayHaveChanged()
    setNeedsLayout()
  }

  /// Moves the offset with the adjusted insets while it sits at the resting offset (or was
  /// never set).
  func followAdjustedInsets() {
    let insets = adjustedContentInset
    defer { restingInsets = insets }
    guard insets != restingInsets, scrollStartRect == nil else { return }
    let wasResting = restingInsets.map { bounds.origin == Point(x: -$0.left, y: -$0.top) } ?? !offsetWasSet
    guard wasResting else { return }
    let resting = Point(x: -insets.left, y: -insets.top)
    if bounds.origin != resting { bounds.origin = resting }
  }

  /// The rectangle of content the subviews must cover now: the bounds, and while an animated
  /// scroll runs, the bounds it started from too.
  var coveredRect: Rect {
    guard let start = scrollStartRect else { return bounds }
    return bounds.union(start)
  }
}
