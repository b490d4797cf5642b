import AnimatorTestSupport
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// The list screens of Seeds/ListScreens.swift (UIKit-spelled, unchanged) recorded with the
// Recorder, as compiled in Swift 6 mode (this target) and in Swift 5 mode: their frames are
// checked against geometry worked out by hand from UIKit's metrics (docs/uikit-lists.md) and the
// text engine's line heights, and on pixels.

/// The height of one line of `text` in `font`, as the text engine lays it out (whole points).
@MainActor
func lineHeight(_ text: String, _ font: UIFont, width: CGFloat = 0) -> CGFloat {
  TextEngine.shared.size(of: TextBlock(text, font: font, numberOfLines: 0), fitting: CGSize(width: width, height: 0))
    .height
}

/// A tap at `point` (window points): down at 0, up 0.1 s later.
func tap(at point: CGPoint) -> TouchScript {
  try! TouchScript(samples: [
    TouchSample(time: 0, locations: [point], phase: .began),
    TouchSample(time: 0.1, locations: [point], phase: .ended),
  ])
}

/// Writes the recording's contact sheet to $LIST_LOOK_DIR/`name`.png (when set) for a person to
/// look at.
func lookAt(_ recording: Recording, _ name: String) throws {
  guard let dir = ProcessInfo.processInfo.environment["LIST_LOOK_DIR"] else { return }
  try recording.write(to: "\(dir)/\(name).png")
}

/// Whether `p` is `c` drawn over `under` (c's alpha blended), within 3 levels per channel.
func isColor(_ p: RGBA8, _ c: UIColor, over under: UIColor) -> Bool {
  let a = c.alpha
  return isColor(
    p,
    UIColor(
      red: c.red * a + under.red * (1 - a), green: c.green * a + under.green * (1 - a),
      blue: c.blue * a + under.blue * (1 - a), alpha: 1))
}

/// The light appearance's values of the system colours the lists use (docs/colors.md).
let groupedBackgroundLight = UIColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
let systemGray4Light = UIColor(red: 209 / 255, green: 209 / 255, blue: 214 / 255, alpha: 1)
let separatorLight = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
let systemOrangeLight = UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)

@MainActor
@Suite("List screens in UIKit's spelling, recorded", .resetEngineAfterEachTest)
struct ListRecordingTests {
  /// Pixel checks at 2 px/pt, where a separator is one pixel (half a point).
  static let scale = 2.0

  /// The pixel at point (x, y) of a frame rendered at `scale`.
  func pixel2(_ frame: RenderedFrame, _ x: Double, _ y: Double) -> RGBA8 {
    frame.image[Int(x * Self.scale), Int(y * Self.scale)]
  }

  func contactsRecording(_ screen: UIViewController, tapping point: CGPoint) throws -> Recording {
    let nav = UINavigationController(rootViewController: screen)
    let recorder = try Recorder(root: nav, size: LayoutRecordingTests.phone, scale: Self.scale, fps: 20)
    UIScreen.main.safeAreaInsets = LayoutRecordingTests.phoneSafeArea
    return try recorder.record(gesture: tap(at: point))
  }

  @Test(
    "table-geometry: a UITableViewController with four registered subtitle rows in an .insetGrouped table under a header, in a navigation controller on a 390 × 844 phone (safe area 47 / 34), puts the header, rows, texts, separators and disclosure chevrons where UIKit's metrics put them; a scripted tap on the second row calls didSelectRowAt, highlights it in systemGray4 and its animated deselection fades it; same frames in both language modes"
  )
  func contactsScreen() throws {
    // By hand: margin 16 (a 390-point phone); the section inset by it (x 16…374); the content
    // starts below the safe area and the navigation bar's 44 points (offset −47 − 44,
    // docs/uikit-bars.md#safe-area-under-bars). The header: 32 above the uppercased title
    // (footnote, wrapped at 390 − 2 × 32), 6 below. A subtitle row: 4 + title (body) + detail
    // (caption 1) + 4, at least 44.
    let body = UIFont.preferredFont(forTextStyle: .body), caption = UIFont.preferredFont(forTextStyle: .caption1)
    let title = lineHeight("FAVOURITES", .preferredFont(forTextStyle: .footnote), width: 326)
    let header = 32 + title + 6
    let nameHeight = lineHeight("Maya Lindqvist", body), teamHeight = lineHeight("Design", caption)
    let rowHeight = max(44, 4 + nameHeight + teamHeight + 4)
    let rowTop = { (row: Int) in 91 + header + rowHeight * CGFloat(row) }

    let screen = ContactsViewController()
    let recording = try contactsRecording(screen, tapping: CGPoint(x: 200, y: rowTop(1) + rowHeight / 2))
    let swift5 = UIKitSeedsSwift5.ContactsViewController()
    let same = try contactsRecording(swift5, tapping: CGPoint(x: 200, y: rowTop(1) + rowHeight / 2))
    #expect(try same.frameHashes() == recording.frameHashes())

    let table = screen.tableView!
    #expect(table.contentOffset == CGPoint(x: 0, y: -91))
    #expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 390, height: header))
    for row in 0..<4 {
      let path = IndexPath(row: row, section: 0)
      #expect(
        table.rectForRow(at: path) == CGRect(x: 16, y: header + rowHeight * CGFloat(row), width: 358, height: rowHeight)
      )
      let cell = try #require(table.cellForRow(at: path))
      // The title at the margin, the block of title and detail centred between the 4-point margins.
      let blockTop = 4 + (rowHeight - 8 - nameHeight - teamHeight) / 2
      #expect(cell.textLabel?.frame.origin == CGPoint(x: 16, y: blockTop))
      #expect(cell.detailTextLabel?.frame.origin == CGPoint(x: 16, y: blockTop + nameHeight))
      #expect(cell.contentView.frame.width == CGFloat(358 - 16 - 8))
    }
    #expect(screen.chosen == "Tomás Ortega")
    #expect(table.indexPathForSelectedRow == nil)

    let frames = try recording.renderedFrames()
    try lookAt(recording, "contacts")
    let first = frames[0], end = frames[frames.count - 1]
    // Outside the section: the grouped background; inside, the cells' white.
    #expect(isColor(pixel2(first, 8, rowTop(0) + 10), groupedBackgroundLight))
    #expect(isColor(pixel2(first, 250, rowTop(0) + 3), .white))
    // The separator under row 2: one pixel at its bottom, from x = 16 + 16 (the text) to 374;
    // none under row 0 while the row below it is highlighted.
    let line = rowTop(3) - 0.25
    #expect(isColor(pixel2(first, 200, line), separatorLight, over: .white))
    #expect(isColor(pixel2(first, 36, line), separatorLight, over: .white))
    #expect(isColor(pixel2(first, 28, line), .white))
    #expect(isColor(pixel2(first, 200, rowTop(1) - 0.25), .white))
    #expect(isColor(pixel2(end, 200, rowTop(1) - 0.25), separatorLight, over: .white))
    // No separator under the last row.
    #expect(isColor(pixel2(first, 200, rowTop(4) - 0.25), .white))
    // Touched, the second row is highlighted; deselected with animation, it fades back to white.
    #expect(isColor(pixel2(first, 250, rowTop(1) + 3), systemGray4Light))
    #expect(isColor(pixel2(frames[2], 250, rowTop(1) + 3), systemGray4Light))
    #expect(isColor(pixel2(end, 250, rowTop(1) + 3), .white))
    // The disclosure chevron: 8 × 13, its right edge at 374 − 16, centred on the row.
    let chevron = (pixel2(first, 356, rowTop(0) + rowHeight / 2), pixel2(first, 346, rowTop(0) + rowHeight / 2))
    #expect(!isColor(chevron.0, .white))
    #expect(isColor(chevron.1, .white))
  }

  @Test(
    "backgrounds-and-colours: in the dark appearance the same inset grouped table draws its background black, its cells 28, 28, 30 and its separators 84, 84, 88 at 60 % over them"
  )
  func contactsInDark() throws {
    let title = lineHeight("FAVOURITES", .preferredFont(forTextStyle: .footnote), width: 326)
    let rowTop = { (row: Int) in 91 + 32 + title + 6 + 44 * CGFloat(row) }
    let nav = UINavigationController(rootViewController: ContactsViewController())
    let recorder = try Recorder(
      root: nav, size: LayoutRecordingTests.phone, scale: Self.scale, fps: 20, appearance: .dark)
    UIScreen.main.safeAreaInsets = LayoutRecordingTests.phoneSafeArea
    let frame = try recorder.record([.wait(0)]).renderedFrames()[0]
    let cell = UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1)
    #expect(isColor(pixel2(frame, 8, rowTop(0) + 10), .black))
    #expect(isColor(pixel2(frame, 250, rowTop(0) + 3), cell))
    let separator = UIColor(red: 84 / 255, green: 84 / 255, blue: 88 / 255, alpha: 0.6)
    #expect(isColor(pixel2(frame, 200, rowTop(1) - 0.25), separator, over: cell))
  }

  @Test(
    "flow-layout: a UICollectionViewController photo grid (three to a row by sizeForItemAt, 2 points apart) on a 390 × 844 phone puts each item at its hand-computed frame below the safe area, shows the 21 items in sight, and an animated scroll of two rows moves them by 261.33 points; same frames in both language modes; a scripted tap on an item calls didSelectItemAt"
  )
  func photoGrid() throws {
    // By hand: side (390 − 2 × 2) / 3, lines 2 apart: item i at ((i % 3) × (side + 2), (i / 3) × (side + 2)).
    let side = (390.0 - 4) / 3, pitch = side + 2
    func record(_ screen: UICollectionViewController) throws -> Recording {
      let recorder = try Recorder(root: screen, size: LayoutRecordingTests.phone, scale: 1, fps: 10)
      UIScreen.main.safeAreaInsets = LayoutRecordingTests.phoneSafeArea
      return try recorder.record {
        screen.collectionView.setContentOffset(CGPoint(x: 0, y: -47 + 2 * pitch), animated: true)
      }
    }
    let screen = PhotoGridViewController()
    let recorder = try Recorder(root: screen, size: LayoutRecordingTests.phone, scale: 1, fps: 10)
    UIScreen.main.safeAreaInsets = LayoutRecordingTests.phoneSafeArea
    let collection = screen.collectionView!
    let start = try recorder.snapshots(of: {}, at: [0])
    #expect(collection.visibleCells.count == 21)
    #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(0..<21))
    for item in [0, 4, 8, 29] {
      let a = try #require(collection.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
      let x = Double(item % 3) * pitch, y = Double(item / 3) * pitch
      #expect(abs(a.frame.minX - x) < 1e-9 && abs(a.frame.minY - y) < 1e-9)
      #expect(abs(a.size.width - side) < 1e-9 && abs(a.size.height - side) < 1e-9)
      #expect(abs(a.center.x - (x + side / 2)) < 1e-9 && abs(a.center.y - (y + side / 2)) < 1e-9)
      if item < 21, let cell = collection.cellForItem(at: a.indexPath) {
        #expect(abs(cell.frame.minX - x) < 1e-9 && abs(cell.frame.minY - y) < 1e-9 && cell.frame.size == a.size)
      }
    }
    #expect(collection.layoutAttributesForItem(at: IndexPath(item: 30, section: 0)) == nil)
    #expect(abs(collection.contentSize.height - (10 * pitch - 2)) < 1e-9)
    // A tap on the middle of the second row's second item selects it.
    let touch = TouchPlayer(script: tap(at: CGPoint(x: 195, y: 47 + pitch * 1.5)), window: recorder.window)
    _ = try recorder.snapshots(of: { touch.start() }, at: [0.2])
    #expect(screen.opened == IndexPath(item: 4, section: 0))

    let recording = try record(screen)
    #expect(try record(UIKitSeedsSwift5.PhotoGridViewController()).frameHashes() == recording.frameHashes())
    let frames = try recording.renderedFrames()
    try lookAt(recording, "grid")
    let systemRed = UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
    let systemOrange = UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)
    let first = try Recording(frames: start, fps: 10, scale: 1).renderedFrames()[0]
    // Item 0 (red) and item 1 (orange) at the top, the gap between them white.
    #expect(isColor(pixel(first, 64, 47 + 64), systemRed))
    #expect(isColor(pixel(first, 195, 47 + 64), systemOrange))
    #expect(isColor(pixel(first, side + 1, 47 + 64), .white))
    #expect(isColor(pixel(first, 64, 47 + side + 1), .white))
    // After scrolling two rows, item 6 (red again) is where item 0 was.
    let end = frames[frames.count - 1]
    #expect(isColor(pixel(end, 64, 47 + 64), systemRed))
    #expect(
      isColor(pixel(end, 64, 47 + pitch + 64), UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)))
    #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(3..<27))
  }

  func pixel(_ frame: RenderedFrame, _ x: Double, _ y: Double) -> RGBA8 { frame.image[Int(x), Int(y)] }

  @Test(
    "scrolling-is-the-bounds-origin: a plain table 100 points from the top and bottom of the screen, its content offset moved 320 points inside UIView.animate, moves its rows with the animation and clips them to its bounds; the rows between the two offsets get cells for the whole way (16 made, the others reused); same frames in both language modes"
  )
  func scrollingList() throws {
    let screen = NumbersViewController()
    let recording = try Recorder(root: screen, size: iPhone, scale: 1, fps: 10).record { screen.scrollDown() }
    let swift5 = UIKitSeedsSwift5.NumbersViewController()
    let same = try Recorder(root: swift5, size: iPhone, scale: 1, fps: 10).record { swift5.scrollDown() }
    #expect(try same.frameHashes() == recording.frameHashes())
    let frames = try recording.renderedFrames()
    try lookAt(recording, "scroll")
    #expect(frames.count == 4)
    let table = screen.tableView
    #expect(table.frame == CGRect(x: 0, y: 100, width: 375, height: 467))
    #expect(table.contentOffset == CGPoint(x: 0, y: 320))
    #expect(table.contentSize == CGSize(width: 375, height: 40 * 50))
    #expect(table.indexPathsForVisibleRows?.map(\.row) == Array(6...15))
    #expect(table.cellForRow(at: IndexPath(row: 6, section: 0))?.frame == CGRect(x: 0, y: 300, width: 375, height: 50))
    #expect(screen.madeCells == 16)
    // Row k's separator: the last point of its 50 (one pixel at 1 px/pt), from the margin on.
    #expect(isColor(pixel(frames[0], 200, 100 + 49), separatorLight, over: .white))
    #expect(isColor(pixel(frames[0], 8, 100 + 49), .white))
    #expect(isColor(pixel(frames[0], 200, 100 + 29), .white))
    // At the end the content is 320 points up: row 6's separator at 100 + 300 + 49 − 320.
    let end = frames[3]
    #expect(isColor(pixel(end, 200, 100 + 29), separatorLight, over: .white))
    #expect(isColor(pixel(end, 200, 100 + 49), .white))
    // The rows leaving at the top are clipped at the table's edge, in every frame.
    for frame in frames {
      #expect(isColor(pixel(frame, 200, 99), systemOrangeLight))
      #expect(isColor(pixel(frame, 200, 568), systemOrangeLight))
      #expect(isColor(pixel(frame, 200, 101), .white) || isColor(pixel(frame, 200, 101), separatorLight, over: .white))
    }
  }

  @Test(
    "misuse-is-reported: a table that dequeues an identifier it never registered fails to record with UIKit's exception text naming the call, one line, kind misuse"
  )
  func unregisteredIdentifier() throws {
    let screen = UnregisteredCellViewController()
    let recorder = try Recorder(root: screen, size: iPhone, scale: seedScale, fps: 10)
    let error = misuse(recording: { screen.fade() }, with: recorder)
    #expect(
      error?.description
        == "dequeueReusableCell(withIdentifier:for:): unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    )
  }
}

/// The error a recording of `action` fails with, checked to be misuse on one line (an issue is
/// recorded when the recording does not fail so).
@MainActor
func misuse(recording action: () -> Void, with recorder: Recorder) -> RenderError? {
  do {
    _ = try recorder.record(action)
    Issue.record("the recording should fail")
  } catch let error as RenderError {
    #expect(error.kind == .misuse)
    #expect(!error.description.contains("\n"))
    return error
  } catch {
    Issue.record("the recording failed with \(error)")
  }
  return nil
}
