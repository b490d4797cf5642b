import Testing
import TransitionRender

@Test(
  "A package that depends on TransitionRender by path gets the library's pixel stages optimized in its own debug build (the one swift test makes), as docs/build-speed.md promises"
)
func pixelStagesOptimizedInDebug() {
  #expect(LibraryBuild.pixelStagesOptimized)
}
