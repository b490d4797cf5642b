// UIKit's table and collection views, their cells, controllers, data sources and delegates, and
// the scroll view under them (docs/uikit-names.md#lists-uikit, docs/uikit-lists.md).

/// UIScrollView (`ContentInsetAdjustmentBehavior` nested as in UIKit).
public typealias UIScrollView = ScrollView
/// UIScrollViewDelegate.
public typealias UIScrollViewDelegate = ScrollViewDelegate
/// UITableView (`Style`, `ScrollPosition`, `automaticDimension` nested as in UIKit).
public typealias UITableView = TableView
/// UITableViewCell (`CellStyle`, `AccessoryType`, `SelectionStyle` nested as in UIKit; the
/// separator style is `UITableViewCell.SeparatorStyle`).
public typealias UITableViewCell = TableViewCell
/// UITableViewController.
public typealias UITableViewController = TableViewController
/// UITableViewDataSource.
public typealias UITableViewDataSource = TableViewDataSource
/// UITableViewDelegate.
public typealias UITableViewDelegate = TableViewDelegate
/// UICollectionView (`ScrollDirection`, `ScrollPosition` nested as in UIKit).
public typealias UICollectionView = CollectionView
/// UICollectionViewCell.
public typealias UICollectionViewCell = CollectionViewCell
/// UICollectionViewController.
public typealias UICollectionViewController = CollectionViewController
/// UICollectionViewLayout.
public typealias UICollectionViewLayout = CollectionViewLayout
/// UICollectionViewFlowLayout.
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
/// UICollectionViewLayoutAttributes.
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
/// UICollectionViewDataSource.
public typealias UICollectionViewDataSource = CollectionViewDataSource
/// UICollectionViewDelegate.
public typealias UICollectionViewDelegate = CollectionViewDelegate
/// UICollectionViewDelegateFlowLayout.
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
/// UIListContentConfiguration (`TextProperties`, `ImageProperties` nested as in UIKit).
public typealias UIListContentConfiguration = ListContentConfiguration
/// UIListContentView.
public typealias UIListContentView = ListContentView
/// UIContentConfiguration.
public typealias UIContentConfiguration = ContentConfiguration
/// UIContentView.
public typealias UIContentView = ConfiguredContentView

extension TableViewCell {
  /// UITableViewCell.SeparatorStyle: the table view's `separatorStyle`.
  public typealias SeparatorStyle = TableView.SeparatorStyle
}
