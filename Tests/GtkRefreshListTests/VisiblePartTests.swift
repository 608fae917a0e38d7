// What the widget draws of a list a pull moved down: its render nodes cut to the widget's
// bounds, so the GL renderer needs no clip shader for the list's background (see
// RefreshListWidget+Snapshot.swift). A unit test of the internal `VisiblePart` (hence @testable)
// on render nodes built by hand, and a pulled list whose drawing is read back as GTK gives it out
// (the widget's paintable, rendered by the window's renderer).

import CGtk
import GtkInterop
@testable import GtkRefreshList
import ListProbe
import RefreshEngine
import XCTest

final class VisiblePartTests: XCTestCase {
    private static func rect(_ x: Float, _ y: Float, _ width: Float, _ height: Float) -> graphene_rect_t {
        graphene_rect_t(origin: graphene_point_t(x: x, y: y), size: graphene_size_t(width: width, height: height))
    }

    private static func color(_ bounds: graphene_rect_t, red: Float = 1) -> OpaquePointer {
        var rgba = GdkRGBA(red: red, green: 1, blue: 1, alpha: 1)
        var bounds = bounds
        return gsk_color_node_new(&rgba, &bounds)
    }

    private static func moved(_ child: OpaquePointer, x: Float = 0, y: Float) -> OpaquePointer {
        var offset = graphene_point_t(x: x, y: y)
        let transform = gsk_transform_translate(nil, &offset)
        defer { gsk_transform_unref(transform) }
        defer { gsk_render_node_unref(child) }
        return gsk_transform_node_new(child, transform)
    }

    private static func container(_ children: [OpaquePointer]) -> OpaquePointer {
        var nodes: [OpaquePointer?] = children
        defer { for child in children { gsk_render_node_unref(child) } }
        return nodes.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, guint($0.count)) }
    }

    private static func clipped(_ child: OpaquePointer, to clip: graphene_rect_t) -> OpaquePointer {
        var clip = clip
        defer { gsk_render_node_unref(child) }
        return gsk_clip_node_new(child, &clip)
    }

    private static func bounds(_ node: OpaquePointer) -> graphene_rect_t {
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        return bounds
    }

    private static func children(_ node: OpaquePointer) -> [OpaquePointer] {
        (0..<gsk_container_node_get_n_children(node)).map { gsk_container_node_get_child(node, $0)! }
    }

    private static func assertBounds(
        _ node: OpaquePointer, _ expected: graphene_rect_t, _ message: String, line: UInt = #line
    ) {
        var actual = bounds(node)
        var expected = expected
        XCTAssertTrue(
            graphene_rect_equal(&actual, &expected),
            "\(message): \(actual.origin.x), \(actual.origin.y), \(actual.size.width)×\(actual.size.height)",
            line: line)
    }

    func testWhatLiesInsideIsDrawnAsItIsAndWhatLiesOutsideNotAtAll() {
        let inside = Self.color(Self.rect(10, 10, 100, 20))
        defer { gsk_render_node_unref(inside) }
        let kept = VisiblePart.of(inside, within: Self.rect(0, 0, 360, 420))
        XCTAssertEqual(kept, inside, "a node inside is the same node")
        kept.map { gsk_render_node_unref($0) }
        XCTAssertNil(VisiblePart.of(inside, within: Self.rect(0, 200, 360, 420)), "a node outside is left out")
    }

    /// The list as GtkListView draws it (its background, then its rows under its own clip),
    /// moved 40 px down in a widget 420 px tall, as a pull leaves it.
    func testAListMovedPastTheBottomIsCutToWhatShows() throws {
        let firstRow = Self.color(Self.rect(0, 0, 360, 20), red: 0.5)
        let rows = Self.container([
            gsk_render_node_ref(firstRow)!,
            Self.moved(Self.color(Self.rect(0, 0, 360, 20), red: 0.5), y: 370),  // 410…430: crosses
            Self.moved(Self.color(Self.rect(0, 0, 360, 20), red: 0.5), y: 390),  // 430…450: hidden
        ])
        defer { gsk_render_node_unref(firstRow) }
        let list = Self.moved(
            Self.container([Self.color(Self.rect(0, 0, 360, 420)), Self.clipped(rows, to: Self.rect(0, 0, 360, 420))]),
            y: 40)
        defer { gsk_render_node_unref(list) }

        let cut = try XCTUnwrap(VisiblePart.of(list, within: Self.rect(0, 0, 360, 420)))
        defer { gsk_render_node_unref(cut) }
        Self.assertBounds(cut, Self.rect(0, 40, 360, 380), "the list drawn down to the widget's bottom, no further")
        XCTAssertEqual(gsk_render_node_get_node_type(cut), GSK_TRANSFORM_NODE, "still moved by its translation")
        let parts = Self.children(try XCTUnwrap(gsk_transform_node_get_child(cut)))
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(gsk_render_node_get_node_type(parts[0]), GSK_COLOR_NODE)
        Self.assertBounds(parts[0], Self.rect(0, 0, 360, 380), "the background as tall as what shows of it")
        XCTAssertEqual(gsk_render_node_get_node_type(parts[1]), GSK_CLIP_NODE)
        var clip = gsk_clip_node_get_clip(parts[1]).pointee
        var shown = Self.rect(0, 0, 360, 380)
        XCTAssertTrue(graphene_rect_equal(&clip, &shown), "the rows' clip cut to what shows")
        let shownRows = Self.children(try XCTUnwrap(gsk_clip_node_get_child(parts[1])))
        XCTAssertEqual(shownRows.count, 2, "the row wholly below the bottom is not drawn")
        XCTAssertEqual(shownRows.first, firstRow, "a row wholly inside is the same node")
        Self.assertBounds(shownRows[1], Self.rect(0, 370, 360, 10), "the row across the bottom cut at it")
    }

    func testNodesThatCannotBeCutExactlyAreKeptWhole() throws {
        let scale = gsk_transform_scale(nil, 2, 2)
        defer { gsk_transform_unref(scale) }
        let scaled = gsk_transform_node_new(Self.color(Self.rect(0, 0, 360, 420)), scale)!
        defer { gsk_render_node_unref(scaled) }
        let kept = try XCTUnwrap(VisiblePart.of(scaled, within: Self.rect(0, 0, 360, 420)))
        defer { gsk_render_node_unref(kept) }
        XCTAssertEqual(kept, scaled, "a scaled node is left to the widget's clip")
    }

    /// A real pull: what the widget gives GTK to draw reaches no further than its own bounds,
    /// and the list still shows right down to its bottom edge.
    func testAPulledListIsDrawnDownToTheWidgetsEdgeAndNoFurther() throws {
        try onMainActor {
            let list = try GtkTest.makeList()
            list.onRefresh { page(1...40) }
            let window = GtkTest.window(list.widget, width: 360, height: 420)
            defer { GtkTest.destroy(window) }
            list.start()
            GtkTest.wait("the first refresh over and the header closed") {
                list.state.header.state == .idle && list.headerAllocatedHeight == 0
            }
            let drag = EmittedDrag(on: list.widget)
            drag.press()
            for step in 1...6 { drag.move(to: Double(step * 8)) }
            let pulled = Int(list.state.header.height.rounded())
            XCTAssertGreaterThan(pulled, 0)
            GtkTest.wait("the pull laid out (\(list.headerAllocatedHeight) of \(pulled) px)") {
                list.headerAllocatedHeight == pulled
            }
            GtkTest.frames(of: list.widget)
            let width = gtk_widget_get_width(list.widget)
            let height = gtk_widget_get_height(list.widget)
            let paintable = gtk_widget_paintable_new(list.widget)
            defer { g_object_unref(gpointer(paintable)) }
            let snapshot = gtk_snapshot_new()
            gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
            let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
            defer { gsk_render_node_unref(node) }
            let colors = Self.colorBounds(in: node, x: 0, y: 0)
            XCTAssertFalse(colors.isEmpty, "the list's background is drawn")
            for bounds in colors {
                XCTAssertLessThanOrEqual(
                    bounds.origin.y + bounds.size.height, Float(height), "no colour drawn past the bottom: \(bounds)")
            }
            XCTAssertTrue(
                colors.contains { $0.origin.y + $0.size.height == Float(height) && $0.size.width == Float(width) },
                "the background reaches the bottom edge: \(colors)")
            drag.cancel()
        }
    }

    /// The bounds of every colour node under `node`, in its coordinates (through containers,
    /// translations and clips, the nodes the widget's drawing is made of).
    private static func colorBounds(in node: OpaquePointer, x: Float, y: Float) -> [graphene_rect_t] {
        switch gsk_render_node_get_node_type(node) {
        case GSK_COLOR_NODE:
            var bounds = Self.bounds(node)
            bounds.origin.x += x
            bounds.origin.y += y
            return [bounds]
        case GSK_CONTAINER_NODE:
            return children(node).flatMap { colorBounds(in: $0, x: x, y: y) }
        case GSK_CLIP_NODE:
            return colorBounds(in: gsk_clip_node_get_child(node)!, x: x, y: y)
        case GSK_TRANSFORM_NODE:
            let transform = gsk_transform_node_get_transform(node)
            guard gsk_transform_get_category(transform).rawValue >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE.rawValue
            else { return [] }
            var dx: Float = 0
            var dy: Float = 0
            gsk_transform_to_translate(transform, &dx, &dy)
            return colorBounds(in: gsk_transform_node_get_child(node)!, x: x + dx, y: y + dy)
        default:
            return []
        }
    }
}
