import Testing
@testable import FrameEncoding

@Suite("GIF options")
struct GIFOptionsTests {
  @Test("The lossy tolerance follows quality; photo-like frames get three quarters of it; an explicit tolerance applies to every frame; lossless turns both off")
  func tolerances() {
    var o = AnimationOptions()
    #expect(o.effectiveGIFTolerance == 12 && o.effectiveGIFPhotoTolerance == 9)
    o.quality = 50
    #expect(o.effectiveGIFTolerance == 24 && o.effectiveGIFPhotoTolerance == 18)
    o.quality = 100
    #expect(o.effectiveGIFTolerance == 0 && o.effectiveGIFPhotoTolerance == 0)
    o.gifTolerance = 5
    #expect(o.effectiveGIFTolerance == 5 && o.effectiveGIFPhotoTolerance == 5)
    o.lossless = true
    #expect(o.effectiveGIFTolerance == 0 && o.effectiveGIFPhotoTolerance == 0)
  }
}
