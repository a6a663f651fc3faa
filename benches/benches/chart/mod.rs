//! The peers table drawn as an SVG bar chart: one panel per perft mode,
//! a group of bars per position (and one for the total), a bar per library.
//! Drawn with plotters' SVG backend, so no fonts or system libraries are
//! needed; the viewer renders the text.

use plotters::coord::Shift;
use plotters::coord::combinators::BindKeyPoints;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::path::Path;

/// One panel of the chart: the Mnps of every library on every position.
pub struct Panel {
    /// What the panel measures, such as "bulk (last ply counted)".
    pub caption: String,
    /// The label under each group of bars, such as "kiwipete d5".
    pub groups: Vec<String>,
    /// `mnps[library][group]`, libraries in the order of the legend.
    pub mnps: Vec<Vec<f64>>,
}

/// Bar colours, one per library in order; bitmoves (first) gets the
/// strongest, and the rest stay apart for readers with colour blindness
/// (the Okabe–Ito palette).
const COLORS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
];

const WIDTH: u32 = 1000;
const PANEL_HEIGHT: u32 = 420;
const HEADER_HEIGHT: u32 = 90;

/// Writes `panels` as one SVG file at `path`: `title` and `subtitle` on
/// top, then a legend naming `libraries`, then the panels one under another.
pub fn write_svg(
    path: &Path,
    title: &str,
    subtitle: &str,
    libraries: &[&str],
    panels: &[Panel],
) -> Result<(), Box<dyn Error>> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let height = HEADER_HEIGHT + PANEL_HEIGHT * panels.len() as u32;
    let root = SVGBackend::new(path, (WIDTH, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (header, body) = root.split_vertically(HEADER_HEIGHT);
    draw_header(&header, title, subtitle, libraries)?;
    let areas = body.split_evenly((panels.len(), 1));
    for (area, panel) in areas.iter().zip(panels) {
        draw_panel(area, panel)?;
    }
    root.present()?;
    Ok(())
}

/// The title, the subtitle and a one-line legend, centred.
fn draw_header(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    subtitle: &str,
    libraries: &[&str],
) -> Result<(), Box<dyn Error>> {
    let centre = (WIDTH / 2) as i32;
    let centred = Pos::new(HPos::Center, VPos::Center);
    area.draw(&Text::new(
        title,
        (centre, 18),
        TextStyle::from(("sans-serif", 22).into_font().style(FontStyle::Bold)).pos(centred),
    ))?;
    area.draw(&Text::new(
        subtitle,
        (centre, 44),
        ("sans-serif", 14)
            .into_font()
            .color(&BLACK.mix(0.7))
            .pos(centred),
    ))?;
    // Legend: a swatch and a name per library, spread evenly over a row.
    let slot = 140;
    let left = centre - slot * libraries.len() as i32 / 2;
    for (l, name) in libraries.iter().enumerate() {
        let x = left + slot * l as i32 + 20;
        let y = 72;
        area.draw(&Rectangle::new(
            [(x, y - 7), (x + 14, y + 7)],
            COLORS[l % COLORS.len()].filled(),
        ))?;
        area.draw(&Text::new(
            *name,
            (x + 20, y),
            TextStyle::from(("sans-serif", 15)).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// Width of one group of bars on the x axis: group `g` is centred on
/// `g * GROUP`. Integer units, because plotters draws the labels of an axis
/// with custom tick marks from a formatter of ours only on integer axes.
const GROUP: i32 = 1000;

/// One panel: grouped bars with their values on top, a labelled y axis in
/// Mnps and the groups' names under the x axis.
fn draw_panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    panel: &Panel,
) -> Result<(), Box<dyn Error>> {
    let groups = panel.groups.len() as i32;
    let libraries = panel.mnps.len() as i32;
    let top = panel.mnps.iter().flatten().copied().fold(0.0, f64::max);
    // Head room for the value labels above the tallest bar.
    let y_max = (top * 1.12).max(1.0);
    let x_range = (-GROUP / 2..groups * GROUP - GROUP / 2)
        .with_key_points((0..groups).map(|g| g * GROUP).collect());
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.caption, ("sans-serif", 18))
        .margin_left(10)
        .margin_right(20)
        .margin_bottom(5)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(x_range, 0.0..y_max)?;
    let label = |x: &i32| {
        usize::try_from(x / GROUP)
            .ok()
            .and_then(|g| panel.groups.get(g).cloned())
            .unwrap_or_default()
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_max_light_lines(1)
        .x_label_formatter(&label)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .x_desc("position and depth (total: all nodes over all time)")
        .y_desc("Mnps (million nodes per second; higher is better)")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .draw()?;

    // The bars of a group fill 84% of its width, 1% apart.
    let bar = GROUP * 84 / 100 / libraries;
    let gap = GROUP / 200;
    for (l, values) in (0..).zip(&panel.mnps) {
        let color = COLORS[l as usize % COLORS.len()];
        let left = |g: i32| g * GROUP - bar * libraries / 2 + bar * l;
        chart.draw_series((0..).zip(values).map(|(g, &v)| {
            Rectangle::new(
                [(left(g) + gap, 0.0), (left(g) + bar - gap, v)],
                color.filled(),
            )
        }))?;
        chart.draw_series((0..).zip(values).map(|(g, &v)| {
            Text::new(
                format!("{v:.0}"),
                (left(g) + bar / 2, v + y_max * 0.005),
                TextStyle::from(("sans-serif", 11)).pos(Pos::new(HPos::Center, VPos::Bottom)),
            )
        }))?;
    }
    Ok(())
}
