import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/uikit-lists.md#misuse-is-reported: what UIKit raises an exception for is reported with
/// UIKit's text, prefixed by the call, on one line; the table or collection view goes on
/// without the row or item.
@MainActor
@Suite("List misuse", .resetEngineAfterEachTest)
struct ListMisuseTests {
  func laidOut(_ view: View) -> Window {
    Screen.main.bounds = Rect(x: 0, y: 0, width: 375, height: 667)
    Screen.main.scale = 1
    Screen.main.safeAreaInsets = .zero
    let window = Window()
    view.frame = window.bounds
    window.addSubview(view)
    window.layoutIfNeeded()
    return window
  }

  var reports: [String] { AnimationEngine.current.diagnostics }

  @Test(
    "misuse-is-reported: a negative row count, a negative section count, an unregistered identifier and a cell of another table each report UIKit's text naming the call; the table shows the rest"
  )
  func tableDataSourceMisuse() {
    AnimationEngine.reset()
    let rows = Rows([2, -1])
    let other = TableView(frame: .zero, style: .plain)
    other.register(TableViewCell.self, forCellReuseIdentifier: "row")
    rows.makeCell = { table, path in
      if path.row == 1 { return other.dequeueReusableCell(withIdentifier: "row", for: path) }
      return table.dequeueReusableCell(withIdentifier: "missing", for: path)
    }
    let table = TableView(frame: .zero, style: .plain)
    table.dataSource = rows
    let window = laidOut(table)
    defer { withExtendedLifetime(window) {} }
    #expect(
      reports == [
        "tableView(_:numberOfRowsInSection:) returned -1 for section 1: Failed to allocate data stores for -1 rows in section 1. Consider using fewer rows",
        "dequeueReusableCell(withIdentifier:for:): unable to dequeue a cell with identifier missing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
        "tableView(_:cellForRowAt:) for <NSIndexPath> {length = 2, path = 0 - 1}: the cell was dequeued from a different table view; a table view shows only cells it dequeued or that were made for it",
      ])
    #expect(table.numberOfRows(inSection: 1) == 0 && table.visibleCells.count == 1)
    AnimationEngine.reset()
    final class Negative: TableViewDataSource {
      func numberOfSections(in tableView: TableView) -> Int { -2 }
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell() }
    }
    let negative = Negative()
    let sections = TableView(frame: .zero, style: .plain)
    sections.dataSource = negative
    let window2 = laidOut(sections)
    defer { withExtendedLifetime(window2) {} }
    #expect(
      reports == [
        "numberOfSections(in:) returned -2: Failed to allocate data stores for -2 sections. Consider using fewer sections."
      ])
  }

  @Test(
    "misuse-is-reported: an index path outside the table is UIKit's exception for rectForRow, scrollToRow and selectRow (nothing changes), and nil from cellForRow, as UIKit documents"
  )
  func tableIndexPathMisuse() {
    AnimationEngine.reset()
    let rows = Rows([3])
    let table = TableView(frame: .zero, style: .plain)
    table.dataSource = rows
    let window = laidOut(table)
    defer { withExtendedLifetime(window) {} }
    let outside = IndexPath(row: 10, section: 0)
    #expect(table.cellForRow(at: outside) == nil && reports.isEmpty)
    #expect(table.rectForRow(at: outside) == .zero)
    table.scrollToRow(at: IndexPath(row: 0, section: 4), at: .top, animated: false)
    table.selectRow(at: outside, animated: false, scrollPosition: .none)
    #expect(
      reports == [
        "rectForRow(at:): request for rect at invalid index path (<NSIndexPath> {length = 2, path = 0 - 10})",
        "scrollToRow(at:at:animated:): attempt to scroll to invalid index path: <NSIndexPath> {length = 2, path = 4 - 0}",
        "selectRow(at:animated:scrollPosition:): request for rect at invalid index path (<NSIndexPath> {length = 2, path = 0 - 10})",
      ])
    #expect(table.contentOffset == .zero && table.indexPathForSelectedRow == nil)
  }

  @Test(
    "misuse-is-reported: a collection view's unregistered identifier, a cell not dequeued, a negative item count and scrolling to an item outside it report UIKit's text naming the call; layoutAttributesForItem outside it is nil"
  )
  func collectionMisuse() {
    AnimationEngine.reset()
    final class Source: CollectionViewDataSource {
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? 2 : -3
      }
      func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
      func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        indexPath.item == 0
          ? collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath) : CollectionViewCell()
      }
    }
    let source = Source()
    let view = CollectionView(frame: .zero, collectionViewLayout: CollectionViewFlowLayout())
    view.dataSource = source
    let window = laidOut(view)
    defer { withExtendedLifetime(window) {} }
    view.scrollToItem(at: IndexPath(item: 5, section: 0), at: .top, animated: false)
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) == nil)
    #expect(
      reports == [
        "collectionView(_:numberOfItemsInSection:) returned -3 for section 1: the number of items in a section must be 0 or more",
        "dequeueReusableCell(withReuseIdentifier:for:): could not dequeue a view of kind: UICollectionElementKindCell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
        "collectionView(_:cellForItemAt:): the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:",
        "scrollToItem(at:at:animated:): attempt to scroll to invalid index path: <NSIndexPath> {length = 2, path = 0 - 5}",
      ])
    #expect(view.visibleCells.count == 1)
  }
}
