import Testing
import TransitionRender

// Compiles only if every public type of ours can be written unqualified in a file that imports
// TransitionRender alone (Foundation, which it re-exports, included). The test below keeps the
// list complete.
@MainActor
func everyPublicTypeUnqualified() {
  let _: KeyframeTrack<Double>? = nil
  let _: Locked<Int>? = nil
  let _: LayoutAnchor<LayoutDimension>? = nil
  let _: BasicAnimation? = nil
  let _: BezierPath? = nil
  let _: CornerMask? = nil
  let _: DecodedAnimation? = nil
  let _: FillMode? = nil
  let _: GIFCheck? = nil
  let _: GIFDecoder? = nil
  let _: KeyframeAnimation? = nil
  let _: LayerAnimation? = nil
  let _: LayerAnimationDelegate? = nil
  let _: LayerAnimationGroup? = nil
  let _: LayerPropertyAnimation? = nil
  let _: LayerTransaction? = nil
  let _: ShapePath? = nil
  let _: SpringAnimation? = nil
  let _: TextFormat? = nil
  let _: APNGEncoder? = nil
  let _: AffineTransform? = nil
  let _: AnimatableProperty? = nil
  let _: AnimatedTransitioning? = nil
  let _: AnimationCurve? = nil
  let _: AnimationEncoder? = nil
  let _: AnimationEngine? = nil
  let _: AnimationOptions? = nil
  let _: AnimationRecord? = nil
  let _: AnimationValue? = nil
  let _: AnyAnimationEncoder? = nil
  let _: Bitmap? = nil
  let _: Button? = nil
  let _: ByteSink? = nil
  let _: CalculationMode? = nil
  let _: CardsAnimator? = nil
  let _: Color? = nil
  let _: ContactSheet? = nil
  let _: ContactSheetSink? = nil
  let _: ContactSheetWriter? = nil
  let _: ContentsGravity? = nil
  let _: ContextTransitioning? = nil
  let _: CoverVerticalAnimator? = nil
  let _: CrossDissolveAnimator? = nil
  let _: CrossfadeAnimator? = nil
  let _: CubeAnimator? = nil
  let _: DecomposedTransform? = nil
  let _: Device? = nil
  let _: EdgePanInteractionController? = nil
  let _: Effect? = nil
  let _: EffectCatalog? = nil
  let _: EffectFamily? = nil
  let _: EffectParameter? = nil
  let _: EffectParameterError? = nil
  let _: EffectParameters? = nil
  let _: EncodeSummary? = nil
  let _: EncoderSink? = nil
  let _: EncodingError? = nil
  let _: EncodingOptions? = nil
  let _: ExplodeAnimator? = nil
  let _: FadeAnimator? = nil
  let _: FileSink? = nil
  let _: FlipAnimator? = nil
  let _: FlipHorizontalAnimator? = nil
  let _: FoldAnimator? = nil
  let _: Font? = nil
  let _: FrameSink? = nil
  let _: FrameSnapshot? = nil
  let _: FrameTiming? = nil
  let _: FrozenLayerTree? = nil
  let _: GIFDither? = nil
  let _: GIFEncoder? = nil
  let _: GestureInteractionController? = nil
  let _: GestureRecognizer? = nil
  let _: GestureScriptError? = nil
  let _: GlyphOutline? = nil
  let _: Gradient? = nil
  let _: GradientLayer? = nil
  let _: HashManifest? = nil
  let _: HeroAnimationType? = nil
  let _: HeroAnimator? = nil
  let _: HeroDirection? = nil
  let _: HorizontalSwipeInteractionController? = nil
  let _: Image? = nil
  let _: ImageView? = nil
  let _: InteractionController? = nil
  let _: InteractionError? = nil
  let _: InteractionKind? = nil
  let _: JobLimits? = nil
  let _: KeyframeAnimationOptions? = nil
  let _: Label? = nil
  let _: DirectionalEdgeInsets? = nil
  let _: EdgeInsets? = nil
  let _: LayoutConsole? = nil
  let _: LayoutConstraint? = nil
  let _: LayoutDimension? = nil
  let _: LayoutGuide? = nil
  let _: LayoutItem? = nil
  let _: LayoutPriority? = nil
  let _: LayoutXAxisAnchor? = nil
  let _: LayoutYAxisAnchor? = nil
  let _: Layer? = nil
  let _: LayerSnapshot? = nil
  let _: LibraryBuild? = nil
  let _: LineBreakMode? = nil
  let _: LoopCount? = nil
  let _: ManifestSink? = nil
  let _: MemorySink? = nil
  let _: ModalPresentationStyle? = nil
  let _: ModalTransitionStyle? = nil
  let _: MotionCurves? = nil
  let _: NatGeoAnimator? = nil
  let _: NavigationController? = nil
  let _: NavigationControllerDelegate? = nil
  let _: NavigationOperation? = nil
  let _: NavigationScreens? = nil
  let _: OutputCommand? = nil
  let _: OutputEncoding? = nil
  let _: OutputFormat? = nil
  let _: OutputKind? = nil
  let _: PNGReader? = nil
  let _: PNGSequenceSink? = nil
  let _: PNGWriter? = nil
  let _: PanAnimator? = nil
  let _: PanGestureRecognizer? = nil
  let _: PartialCurlAnimator? = nil
  let _: PathElement? = nil
  let _: PercentDrivenInteractiveTransition? = nil
  let _: PercentDrivenTransition? = nil
  let _: PinchGestureRecognizer? = nil
  let _: PinchInteractionController? = nil
  let _: PipelineTimings? = nil
  let _: PlacedGlyph? = nil
  let _: PlacedImage? = nil
  let _: Point? = nil
  let _: PortalAnimator? = nil
  let _: PresentationController? = nil
  let _: PropertyAnimator? = nil
  let _: RGBA8? = nil
  let _: RGBAImage? = nil
  let _: RecordMode? = nil
  let _: Recorder? = nil
  let _: Recording? = nil
  let _: RecipeColor? = nil
  let _: RecordingLimits? = nil
  let _: Rect? = nil
  let _: RectEdge? = nil
  let _: ReferenceSink? = nil
  let _: PNGSequence? = nil
  let _: PNGStreamWriter? = nil
  let _: StagedFile? = nil
  let _: StagedFolder? = nil
  let _: StagedOutput? = nil
  let _: StagedOutputs? = nil
  let _: RenderError? = nil
  let _: RenderJob? = nil
  let _: RenderOutput? = nil
  let _: RenderRecipe? = nil
  let _: RenderSettings? = nil
  let _: RenderedFrame? = nil
  let _: ReversibleAnimator? = nil
  let _: SHA256? = nil
  let _: ScaleAnimator? = nil
  let _: SceneFile? = nil
  let _: Screen? = nil
  let _: ScreenEdgePanGestureRecognizer? = nil
  let _: ScreenPair? = nil
  let _: SettingRange? = nil
  let _: Shadow? = nil
  let _: ShippedFonts? = nil
  let _: ShrinkAnimator? = nil
  let _: Size? = nil
  let _: SizeFit? = nil
  let _: SlideUpAnimator? = nil
  let _: SnapshotFailure? = nil
  let _: SnapshotMatch? = nil
  let _: SnapshotReference? = nil
  let _: SnapshotTolerance? = nil
  let _: Spring? = nil
  let _: Still? = nil
  let _: StillPoints? = nil
  let _: SwipeInteractionController? = nil
  let _: SystemNavigationAnimator? = nil
  let _: TabBar? = nil
  let _: NavigationBar? = nil
  let _: NavigationItem? = nil
  let _: BarButtonItem? = nil
  let _: Toolbar? = nil
  let _: TabBarController? = nil
  let _: TabBarControllerDelegate? = nil
  let _: TabBarItem? = nil
  let _: TemporaryFiles? = nil
  let _: TextAlignment? = nil
  let _: TextBlock? = nil
  let _: TextEngine? = nil
  let _: TextLayout? = nil
  let _: TextLibraries? = nil
  let _: TextLine? = nil
  let _: TimeBase? = nil
  let _: TimingFunction? = nil
  let _: TimingParameters? = nil
  let _: TopDownAnimator? = nil
  let _: TouchPlayer? = nil
  let _: TraitCollection? = nil
  let _: TouchSample? = nil
  let _: TouchScript? = nil
  let _: Transform3D? = nil
  let _: TransformLayer? = nil
  let _: TransitionContext? = nil
  let _: TransitionContextKey? = nil
  let _: TransitionContextViewControllerKey? = nil
  let _: TransitionContextViewKey? = nil
  let _: TransitionOperation? = nil
  let _: TurnAnimator? = nil
  let _: UserInterfaceStyle? = nil
  let _: VerificationOutcome? = nil
  let _: Verifier? = nil
  let _: VerticalSwipeInteractionController? = nil
  let _: View? = nil
  let _: ViewAnimatingPosition? = nil
  let _: ViewAnimatingState? = nil
  let _: ViewController? = nil
  let _: ViewControllerAnimatedTransitioning? = nil
  let _: ViewControllerContextTransitioning? = nil
  let _: ViewControllerInteractiveTransitioning? = nil
  let _: ViewControllerTransitioningDelegate? = nil
  let _: ViewTintAdjustmentMode? = nil
  let _: WebPAnimationEncoder? = nil
  let _: Window? = nil
  let _: DirectionalEdgeInsets? = nil
  let _: EdgeInsets? = nil
  let _: LayoutConsole? = nil
  let _: LayoutConstraint? = nil
  let _: LayoutDimension? = nil
  let _: LayoutGuide? = nil
  let _: LayoutItem? = nil
  let _: LayoutPriority? = nil
  let _: LayoutXAxisAnchor? = nil
  let _: LayoutYAxisAnchor? = nil
  let _: StackView? = nil
  let _: SheetDetentResolutionContext? = nil
  let _: SheetMetrics? = nil
  let _: SheetPresentationController? = nil
  let _: SystemBehaviour? = nil
  let _: ZoomAnimator? = nil
  let _: CollectionView? = nil
  let _: CollectionViewCell? = nil
  let _: CollectionViewController? = nil
  let _: CollectionViewDataSource? = nil
  let _: CollectionViewDelegate? = nil
  let _: CollectionViewDelegateFlowLayout? = nil
  let _: CollectionViewFlowLayout? = nil
  let _: CollectionViewLayout? = nil
  let _: CollectionViewLayoutAttributes? = nil
  let _: ConfiguredContentView? = nil
  let _: ContentConfiguration? = nil
  let _: ListContentConfiguration? = nil
  let _: ListContentView? = nil
  let _: ScrollView? = nil
  let _: ScrollViewDelegate? = nil
  let _: TableView? = nil
  let _: TableViewCell? = nil
  let _: TableViewController? = nil
  let _: TableViewDataSource? = nil
  let _: TableViewDelegate? = nil
}

@Suite("Type names")
struct TypeNamesTests {
  /// The public type names declared in the modules TransitionRender re-exports.
  static func declaredPublicTypes() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var names: Set<String> = []
    let declaration = try Regex(
      #"^\s*(?:@MainActor\s+)?(?:public|open)\s+(?:final\s+)?(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9]*)"#
    )
    for module in [
      "Pixels", "Snapshot", "Text", "Animator", "Effects", "FrameEncoding", "Rendering", "TransitionRender",
    ] {
      let folder = root.appendingPathComponent("Sources/" + module)
      let files =
        FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter {
          $0.hasSuffix(".swift")
        } ?? []
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("  ") {
          if let match = try declaration.firstMatch(in: String(line)), let name = match.output[1].substring {
            names.insert(String(name))
          }
        }
      }
    }
    return names
  }

  @Test(
    "Every public top-level type of the re-exported modules is in the list above, which compiles only while no name is ambiguous (declared twice, or also Foundation's)"
  )
  func listIsComplete() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let listed = Set(
      source.split(separator: "\n").compactMap { line -> String? in
        guard let r = line.range(of: "let _: "), let end = line.range(of: "? = nil") else { return nil }
        return String(line[r.upperBound..<end.lowerBound])
      })
    let declared = try Self.declaredPublicTypes()
    // Generic types need their parameters to be named; they are checked by their uses.
    let generic: Set<String> = ["KeyframeTrack", "Interpolatable", "Locked", "LayoutAnchor"]
    #expect(
      declared.subtracting(listed).subtracting(generic).sorted() == [], "add these to everyPublicTypeUnqualified()")
  }
}
