import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// UIKit's layout names are the library's types and calls: a mask spelled UIView.AutoresizingMask
// has UIKit's raw values and resizes as the library does.

@MainActor
@Suite("UIKit's layout names", .resetEngineAfterEachTest)
struct LayoutNameTests {
  @Test(
    "UIView.AutoresizingMask is the library's mask with UIKit's raw values (UIViewAutoresizingFlexibleLeftMargin 1 << 0 … FlexibleBottomMargin 1 << 5), and autoresizingMask, autoresizesSubviews and translatesAutoresizingMaskIntoConstraints are UIView's"
  )
  func autoresizingNames() {
    #expect(ObjectIdentifier(UIView.AutoresizingMask.self) == ObjectIdentifier(View.AutoresizingMask.self))
    let raw: [(UIView.AutoresizingMask, UInt)] = [
      (.flexibleLeftMargin, 1), (.flexibleWidth, 2), (.flexibleRightMargin, 4), (.flexibleTopMargin, 8),
      (.flexibleHeight, 16), (.flexibleBottomMargin, 32),
    ]
    for (mask, value) in raw { #expect(mask.rawValue == value) }
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let footer = UIView(frame: CGRect(x: 0, y: 436, width: 320, height: 44))
    footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    #expect(container.autoresizesSubviews && footer.translatesAutoresizingMaskIntoConstraints)
    container.addSubview(footer)
    container.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
    #expect(footer.frame == CGRect(x: 0, y: 623, width: 375, height: 44))
  }
}
