import Foundation

// A collection view's layout pass, selection and scrolling to an item
// (docs/uikit-lists.md#collection-views).

extension CollectionView {
  /// Gives the items in sight (by the layout's attributes) their cells at their frames, and
  /// sends the cells that left the sight back to their queues.
  func tileItems() {
    if itemCounts == nil {
      for path in shownCells.keys.sorted() { recycle(at: path) }
      refusedItems = []
    }
    prepareLayoutIfNeeded()
    let attributes = (collectionViewLayout.layoutAttributesForElements(in: coveredRect) ?? [])
      .filter { !$0.isHidden && isValid($0.indexPath) }
    let wanted = Dictionary(attributes.map { ($0.indexPath, $0) }, uniquingKeysWith: { first, _ in first })
    for path in shownCells.keys.sorted() where wanted[path] == nil { recycle(at: path) }
    for path in wanted.keys.sorted() {
      guard let a = wanted[path] else { continue }
      guard let cell = shownCells[path] ?? obtainCell(at: path) else { continue }
      if cell.frame != a.frame { cell.frame = a.frame }
      cell.alpha = a.alpha
      cell.layer.zPosition = Double(a.zIndex)
      let selected = selectedItems.contains(path)
      if cell.isSelected != selected { cell.isSelected = selected }
    }
  }

  /// The data source's cell for the item, added and announced; a cell not dequeued from this
  /// collection view is UIKit's misuse, reported once (the item shows none until the data is
  /// reloaded).
  private func obtainCell(at path: IndexPath) -> CollectionViewCell? {
    guard let dataSource, !refusedItems.contains(path) else { return nil }
    let cell = dataSource.collectionView(self, cellForItemAt: path)
    guard cell.owningCollection === self else {
      refusedItems.insert(path)
      ListMisuse.report(
        cell.owningCollection == nil
          ? "collectionView(_:cellForItemAt:): the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
          : "collectionView(_:cellForItemAt:) for \(path.uikitDescription): the cell was dequeued from a different collection view; dequeue it from the collection view that asks for it"
      )
      return nil
    }
    if let old = indexPath(for: cell) { shownCells[old] = nil }
    shownCells[path] = cell
    if cell.superview !== self { insertSubview(cell, at: 0) }
    collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
    return cell
  }

  private func recycle(at path: IndexPath) {
    guard let cell = shownCells.removeValue(forKey: path) else { return }
    cell.removeFromSuperview()
    collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
    if let identifier = cell.reuseIdentifier { reuseQueues[identifier, default: []].append(cell) }
  }

  // MARK: Selection

  /// UICollectionView.indexPathsForSelectedItems: the selected items in order (empty when none
  /// is; UIKit's is optional).
  public var indexPathsForSelectedItems: [IndexPath]? { selectedItems.sorted() }

  /// UICollectionView.selectItem(at:animated:scrollPosition:): selects the item (the others
  /// unless `allowsMultipleSelection`) without telling the delegate, scrolling it to
  /// `scrollPosition` (empty: not at all); nil deselects every item.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for item in selectedItems { deselectItem(at: item, animated: animated) }
      return
    }
    guard isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for item in selectedItems where item != indexPath { deselectItem(at: item, animated: animated) }
    }
    if !selectedItems.contains(indexPath) { selectedItems.append(indexPath) }
    shownCells[indexPath]?.isSelected = true
    if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// UICollectionView.deselectItem(at:animated:): without telling the delegate.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    guard let i = selectedItems.firstIndex(of: indexPath) else { return }
    selectedItems.remove(at: i)
    shownCells[indexPath]?.isSelected = false
  }

  // MARK: Scrolling to an item

  /// UICollectionView.scrollToItem(at:at:animated:): moves the content so the item is at the
  /// given edge or centre of the area inside the adjusted insets along each axis named (an axis
  /// not named stays), kept between the content's first and last offsets. An index path outside
  /// the collection view is UIKit's exception, reported as misuse.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    guard isValid(indexPath), let frame = layoutAttributesForItem(at: indexPath)?.frame else {
      ListMisuse.report(
        "scrollToItem(at:at:animated:): attempt to scroll to invalid index path: \(indexPath.uikitDescription)")
      return
    }
    let insets = adjustedContentInset
    var offset = contentOffset
    if position.contains(.top) { offset.y = frame.minY - insets.top }
    if position.contains(.bottom) { offset.y = frame.maxY - bounds.height + insets.bottom }
    if position.contains(.centeredVertically) {
      offset.y = frame.midY - insets.top - (bounds.height - insets.top - insets.bottom) / 2
    }
    if position.contains(.left) { offset.x = frame.minX - insets.left }
    if position.contains(.right) { offset.x = frame.maxX - bounds.width + insets.right }
    if position.contains(.centeredHorizontally) {
      offset.x = frame.midX - insets.left - (bounds.width - insets.left - insets.right) / 2
    }
    offset.y = min(max(offset.y, -insets.top), maximumOffsetY)
    offset.x = min(max(offset.x, -insets.left), maximumOffsetX)
    setContentOffset(offset, animated: animated)
  }
}

extension CollectionView: TapSelectable {
  func highlightableIndexPath(atWindowPoint point: Point) -> IndexPath? {
    guard allowsSelection, let item = indexPathForItem(at: convert(fromWindow: point)) else { return nil }
    return collectionDelegate?.collectionView(self, shouldHighlightItemAt: item) ?? true ? item : nil
  }

  func setHighlighted(_ highlighted: Bool, at indexPath: IndexPath) {
    cellForItem(at: indexPath)?.isHighlighted = highlighted
  }

  /// A tap: `shouldSelectItemAt` may refuse it; the items selected before are deselected
  /// (told with `didDeselectItemAt`) unless `allowsMultipleSelection`, where a tap on a
  /// selected item deselects it; then `didSelectItemAt`.
  func selectFromTap(at indexPath: IndexPath) {
    if allowsMultipleSelection, selectedItems.contains(indexPath) {
      deselectItem(at: indexPath, animated: false)
      collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
    if !allowsMultipleSelection {
      for item in selectedItems where item != indexPath {
        deselectItem(at: item, animated: false)
        collectionDelegate?.collectionView(self, didDeselectItemAt: item)
      }
    }
    selectItem(at: indexPath, animated: false, scrollPosition: [])
    collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
  }
}
