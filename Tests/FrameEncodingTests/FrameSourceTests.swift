import Foundation
import Pixels
import Testing
@testable import FrameEncoding

@Suite("PNG frame source")
struct FrameSourceTests {
  /// A folder of `count` distinct PNG frames; the paths in order and the images.
  func frames(_ count: Int) throws -> (folder: String, files: [String], images: [RGBAImage]) {
    let folder = NSTemporaryDirectory() + "frame-source-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var files: [String] = [], images: [RGBAImage] = []
    for i in 0..<count {
      let image = i % 3 == 2 ? Frames.alpha(i) : Frames.flat(i)  // RGB and RGBA files, two sizes
      let path = folder + String(format: "/%04d.png", i)
      try Data(try PNGWriter().encode(image)).write(to: URL(fileURLWithPath: path))
      files.append(path)
      images.append(image)
    }
    return (folder, files, images)
  }

  @Test("Frames arrive in file order, threaded or not; recycling a frame the consumer still holds never changes it")
  func order() throws {
    let (folder, files, images) = try frames(14)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for threaded in [false, true] {
      let source = PNGFrameSource(files: files, depth: 2, threaded: threaded)
      defer { source.close() }  // its thread holds it until closed
      var kept: [RGBAImage] = []
      var previous: RGBAImage? = nil
      while let image = try source.next() {
        #expect(image == images[kept.count], "threaded \(threaded), frame \(kept.count)")
        kept.append(image)
        // Every other frame goes back while `kept` still holds it (a consumer that hands a
        // frame back too early); the others one frame later, as encodeFrameFiles does.
        if kept.count % 2 == 0 { source.recycle(image) }
        if let old = previous.take() { source.recycle(old) }
        previous = image
      }
      #expect(kept.count == files.count)
      #expect(kept == images, "threaded \(threaded): a recycled frame was overwritten")
      #expect(try source.next() == nil)
      source.close()
    }
  }

  @Test("A recycled frame's memory is decoded into again when no one else holds it")
  func reuse() throws {
    let (folder, files, images) = try frames(2)  // two frames of one size
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = PNGFrameSource(files: files, depth: 1, threaded: false)
    defer { source.close() }  // its thread holds it until closed
    var first = try #require(try source.next())
    let address = first.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    source.recycle(first)
    first = RGBAImage(width: 1, height: 1)!  // the consumer lets go of it
    let second = try #require(try source.next())
    #expect(second == images[1])
    #expect(second.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
  }

  @Test("A corrupt frame throws at its turn, naming the file, after the frames before it; nothing comes after")
  func corrupt() throws {
    let (folder, files, images) = try frames(9)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: files[5]))
    for threaded in [false, true] {
      let source = PNGFrameSource(files: files, depth: 2, threaded: threaded)
      defer { source.close() }  // its thread holds it until closed
      for k in 0..<5 { #expect(try source.next() == images[k], "threaded \(threaded), frame \(k)") }
      do {
        _ = try source.next()
        Issue.record("threaded \(threaded): the corrupt frame decoded")
      } catch let e as EncodingError {
        #expect(e.description.contains("0005.png"), "threaded \(threaded): \(e)")
      }
      #expect(try source.next() == nil, "threaded \(threaded)")
    }
  }

  @Test("Closing a source part way stops its thread; it returns nothing more")
  func closeEarly() throws {
    let (folder, files, images) = try frames(12)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = PNGFrameSource(files: files, depth: 2, threaded: true)
    #expect(try source.next() == images[0])
    source.close()
    #expect(try source.next() == nil)
  }
}
