import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// A data source and delegate of sections of items (cells of a registered class), with sizes
/// of the test's choosing, that notes selections.
@MainActor
final class Items: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var counts: [Int]
  var size: ((IndexPath) -> CGSize)?
  var allowSelect = true
  var log: [String] = []

  init(_ counts: [Int]) { self.counts = counts }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize { size?(indexPath) ?? (collectionViewLayout as! CollectionViewFlowLayout).itemSize }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { allowSelect }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("didSelect \(indexPath.item)")
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    log.append("didDeselect \(indexPath.item)")
  }
}

/// docs/uikit-lists.md#flow-layout: collection views in a window of the test's size at
/// 1 px/pt, no safe area; frames worked out by hand.
@MainActor
@Suite("Collection views", .resetEngineAfterEachTest)
struct CollectionViewTests {
  func collection(
    _ items: Items, width: Double = 320, height: Double = 480,
    _ configure: (CollectionViewFlowLayout) -> Void = { _ in }
  ) -> (CollectionView, Window) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: width, height: height)
    Screen.main.scale = 1
    Screen.main.safeAreaInsets = .zero
    let window = Window()
    let layout = CollectionViewFlowLayout()
    configure(layout)
    let view = CollectionView(frame: window.bounds, collectionViewLayout: layout)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
    view.dataSource = items
    view.delegate = items
    window.addSubview(view)
    window.layoutIfNeeded()
    return (view, window)
  }

  func frame(_ view: CollectionView, _ item: Int, section: Int = 0) -> Rect? {
    view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }

  @Test(
    "flow-layout: with UIKit's defaults (50 × 50 items, 10 points between items and lines) five items fit a 320-point line, spread edge to edge with equal gaps of 17.5; the next line starts 60 points down; a last line of two spreads to both edges, a last line of one is centred"
  )
  func defaults() {
    let (view, window) = collection(Items([7]))
    defer { withExtendedLifetime(window) {} }
    #expect((0..<5).map { Double(frame(view, $0)!.minX) } == [0, 67.5, 135, 202.5, 270])
    #expect(frame(view, 0) == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(frame(view, 5) == Rect(x: 0, y: 60, width: 50, height: 50))
    #expect(frame(view, 6) == Rect(x: 270, y: 60, width: 50, height: 50))
    #expect(view.contentSize == Size(width: 320, height: 110))
    let (one, other) = collection(Items([6]))
    defer { withExtendedLifetime(other) {} }
    #expect(frame(one, 5) == Rect(x: 135, y: 60, width: 50, height: 50))
    #expect(
      view.visibleCells.count == 7 && view.cellForItem(at: IndexPath(item: 6, section: 0))?.frame == frame(view, 6))
  }

  @Test(
    "flow-layout: items of different heights sit centred on their line, whose thickness is the tallest; section insets come around each section, one section after another"
  )
  func linesAndSections() {
    let items = Items([3, 2])
    items.size = { $0.section == 0 ? Size(width: 90, height: $0.item == 1 ? 80 : 40) : Size(width: 140, height: 30) }
    let (view, window) = collection(items) { layout in
      layout.sectionInset = EdgeInsets(top: 8, left: 12, bottom: 16, right: 12)
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 4
    }
    defer { withExtendedLifetime(window) {} }
    // Section 0: room 296, three of 90 with gaps (296 − 270) / 2 = 13; the line is 80 thick.
    #expect(frame(view, 0) == Rect(x: 12, y: 8 + 20, width: 90, height: 40))
    #expect(frame(view, 1) == Rect(x: 115, y: 8, width: 90, height: 80))
    #expect(frame(view, 2) == Rect(x: 218, y: 28, width: 90, height: 40))
    // Section 1 starts after 8 + 80 + 16 and its own top inset.
    let top = 8.0 + 80 + 16 + 8
    #expect(frame(view, 0, section: 1) == Rect(x: 12, y: top, width: 140, height: 30))
    #expect(frame(view, 1, section: 1) == Rect(x: 168, y: top, width: 140, height: 30))
    #expect(view.contentSize == Size(width: 320, height: top + 30 + 16))
  }

  @Test(
    "flow-layout: scrolling horizontally, the lines are columns filled top to bottom, stacked left to right"
  )
  func horizontal() {
    let (view, window) = collection(Items([5]), width: 320, height: 120) { $0.scrollDirection = .horizontal }
    defer { withExtendedLifetime(window) {} }
    // Two items fit a 120-point column (50 + 10 + 50), spread to 0 and 70.
    #expect(frame(view, 0) == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(frame(view, 1) == Rect(x: 0, y: 70, width: 50, height: 50))
    #expect(frame(view, 2) == Rect(x: 60, y: 0, width: 50, height: 50))
    #expect(frame(view, 4) == Rect(x: 120, y: 35, width: 50, height: 50))
    #expect(view.contentSize == Size(width: 170, height: 120))
  }

  @Test(
    "collection-views: a tap on an item selects it (didSelectItemAt), a tap on another deselects it first; shouldSelectItemAt false refuses; only the items in sight have cells, reused as they scroll"
  )
  func selectionAndReuse() {
    let items = Items([100])
    let (view, window) = collection(items)
    defer { withExtendedLifetime(window) {} }
    func tap(_ point: Point, at start: Double) {
      TouchPlayer(
        script: try! TouchScript(samples: [
          TouchSample(time: start, locations: [point], phase: .began),
          TouchSample(time: start + 0.1, locations: [point], phase: .ended),
        ]), window: window
      ).start()
      AnimationEngine.current.advance(to: start + 0.2)
    }
    tap(Point(x: 90, y: 80), at: 0)
    tap(Point(x: 160, y: 20), at: 0.3)
    #expect(items.log == ["didSelect 6", "didDeselect 6", "didSelect 2"])
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
    items.allowSelect = false
    tap(Point(x: 20, y: 20), at: 0.6)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    // 8 lines of 60 in sight (480 points): 40 cells; 300 points down, lines 5…12.
    #expect(view.visibleCells.count == 40)
    view.contentOffset = Point(x: 0, y: 300)
    window.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems.map(\.item) == Array(25..<65))
    #expect(view.subviews.filter { $0 is CollectionViewCell }.count == 40)
    #expect(view.indexPathForItem(at: Point(x: 90, y: 310)) == IndexPath(item: 26, section: 0))
    #expect(view.indexPathForItem(at: Point(x: 60, y: 310)) == nil)
  }
}
