import Foundation

/// A collection view controller (UICollectionViewController): its view is a collection view
/// with its layout, whose data source and delegate it is. Subclasses override the data source
/// and delegate methods (each is declared here, as UIKit's Swift interface declares them); a
/// subclass that also adopts `CollectionViewDelegateFlowLayout` gives sizes per item.
@MainActor
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
  private let initialLayout: CollectionViewLayout
  /// UICollectionViewController.clearsSelectionOnViewWillAppear (default true).
  public var clearsSelectionOnViewWillAppear = true

  /// UICollectionViewController(collectionViewLayout:).
  public init(collectionViewLayout layout: CollectionViewLayout) {
    initialLayout = layout
    super.init()
  }

  /// UICollectionViewController.collectionView: the view, a collection view.
  public var collectionView: CollectionView! {
    get { view as? CollectionView }
    set { view = newValue }
  }

  /// UICollectionViewController.collectionViewLayout: the collection view's layout.
  public var collectionViewLayout: CollectionViewLayout { collectionView?.collectionViewLayout ?? initialLayout }

  /// Makes the collection view, with this controller as its data source and delegate.
  open override func loadView() {
    let collection = CollectionView(frame: Screen.main.bounds, collectionViewLayout: initialLayout)
    collection.dataSource = self
    collection.delegate = self
    view = collection
  }

  /// Deselects the selected items (animated as the appearance is) when
  /// `clearsSelectionOnViewWillAppear`, after the superclass's work.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let collection = collectionView else { return }
    for item in collection.indexPathsForSelectedItems ?? [] { collection.deselectItem(at: item, animated: animated) }
  }

  // MARK: UICollectionViewDataSource

  open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "", for: indexPath)
  }

  // MARK: UICollectionViewDelegate

  open func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  open func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  open func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}

  // MARK: UIScrollViewDelegate

  open func scrollViewDidScroll(_ scrollView: ScrollView) {}
  open func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
