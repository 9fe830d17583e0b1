import { useTranslation } from "react-i18next";
import { Heading, Stack } from "~/components/ui/kit";
import type { Cell } from "~/server/trends/suppression.server";
import type { TrendQuestion } from "~/server/trends/trends.server";

/** One column of a chart: a round, a class or a total, with its cell (shown or too few). */
export interface ChartColumn {
  key: string;
  /** Short label under the column ("3", "5A"). */
  short: string;
  /** The row's name in the table ("Round 3 · 2 March", "Year 5: classes shown"). */
  label: string;
  cell: Cell;
}

/** Okabe–Ito: told apart with the common colour-vision deficiencies, and in grey print by their order. */
const COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];
const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 36;
const BOTTOM = 48;
const TOP = 8;

const formats = new Map<string, { number: Intl.NumberFormat; percent: Intl.NumberFormat }>();

/** The number and percent formats of a language, made once per process (a page draws many charts). */
function formatsOf(language: string) {
  let made = formats.get(language);
  if (!made) {
    made = {
      number: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }),
      percent: new Intl.NumberFormat(language, { style: "percent" }),
    };
    formats.set(language, made);
  }
  return made;
}

const x0 = (c: number, step: number, bar: number) => LEFT + c * step + (step - bar) / 2;

/** One path per option: its segment of every shown column, stacked from the first option up (whole pixels, short paths). */
function stackPath(
  columns: ChartColumn[],
  cellOf: (column: ChartColumn) => { counts: number[] } | undefined,
  option: number,
  plot: { h: number },
  step: number,
  bar: number,
): string {
  let d = "";
  for (const [c, column] of columns.entries()) {
    const counts = cellOf(column)?.counts;
    const total = counts?.reduce((sum, n) => sum + n, 0) ?? 0;
    if (!counts || total === 0 || counts[option] === 0) continue;
    const below = counts.slice(0, option).reduce((sum, n) => sum + n, 0);
    const bottom = Math.round(TOP + plot.h - (below / total) * plot.h);
    const top = Math.round(TOP + plot.h - ((below + counts[option]) / total) * plot.h);
    d += `M${Math.round(x0(c, step, bar))} ${top}h${Math.round(bar)}V${bottom}h-${Math.round(bar)}z`;
  }
  return d;
}

/**
 * A question's answers per column as 100 % stacked columns, drawn on the server as inline SVG
 * (no script), with the same numbers in a table beside it: the table is what screen readers and
 * print read; the chart is hidden from assistive technology. A hidden cell is an empty dashed
 * column and "too few answers to show" in the table.
 */
export function TrendChart({
  question,
  columns,
  id,
  headingAs = "h2",
}: {
  question: TrendQuestion;
  columns: ChartColumn[];
  /** Unique on the page: names the heading. */
  id: string;
  headingAs?: "h2" | "h3";
}) {
  const { t, i18n } = useTranslation("staff");
  const { number, percent } = formatsOf(i18n.language);
  const plot = { w: WIDTH - LEFT - 8, h: HEIGHT - TOP - BOTTOM };
  const step = plot.w / Math.max(columns.length, 1);
  const bar = Math.max(4, step * 0.7);
  const headingId = `trend-${id}`;
  const cellOf = (column: ChartColumn) =>
    column.cell.shown ? column.cell.questions.find((q) => q.uid === question.uid) : undefined;
  return (
    <section className="trend-question" aria-labelledby={headingId}>
      <Stack gap="3">
        <Heading as={headingAs} size="4" id={headingId}>
          <span dir="auto">{question.prompt}</span>
        </Heading>
        <div className="trend-figure">
          <svg
            className="trend-chart"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            role="img"
            aria-label={t("A chart of the numbers in the table below")}
          >
            {[0, 0.5, 1].map((tick) => {
              const y = TOP + plot.h * (1 - tick);
              return (
                <g key={tick}>
                  <line x1={LEFT} x2={WIDTH - 8} y1={y} y2={y} />
                  <text x={LEFT - 4} y={y + 4} className="trend-tick">
                    {percent.format(tick)}
                  </text>
                </g>
              );
            })}
            {question.labels.map((label, o) => (
              <path key={label} fill={COLOURS[o % COLOURS.length]} d={stackPath(columns, cellOf, o, plot, step, bar)} />
            ))}
            {columns.map((column, c) =>
              cellOf(column) ? null : (
                <rect
                  key={column.key}
                  x={x0(c, step, bar)}
                  y={TOP}
                  width={bar}
                  height={plot.h}
                  className="trend-hidden"
                />
              ),
            )}
            {columns.map((column, c) => (
              <text key={column.key} x={Math.round(x0(c, step, bar) + bar / 2)} y={TOP + plot.h + 16}>
                {column.short.length > 12 ? `${column.short.slice(0, 11)}…` : column.short}
              </text>
            ))}
          </svg>
          <ul className="trend-legend" aria-hidden="true">
            {question.labels.map((label, o) => (
              <li key={label}>
                <svg width="12" height="12" aria-hidden="true">
                  <rect width="12" height="12" fill={COLOURS[o % COLOURS.length]} />
                </svg>{" "}
                <span dir="auto">{label}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="trend-table-wrap">
          <table className="trend-table">
            <caption className="trend-caption">
              <span dir="auto">{question.prompt}</span>
            </caption>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">{t("Responses")}</th>
                {question.labels.map((label) => (
                  <th key={label} scope="col" dir="auto">
                    {label}
                  </th>
                ))}
                {question.faceScale ? (
                  <>
                    <th scope="col">{t("Mean face")}</th>
                    <th scope="col">{t("Median face")}</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {columns.map((column) => {
                const counts = cellOf(column);
                const total = counts?.counts.reduce((sum, n) => sum + n, 0) ?? 0;
                return (
                  <tr key={column.key}>
                    <th scope="row">
                      <bdi>{column.label}</bdi>
                    </th>
                    {counts && column.cell.shown ? (
                      <>
                        <td>{number.format(column.cell.respondents)}</td>
                        {counts.counts.map((n, o) => (
                          // One text node per cell (not four with React's separators): 7 tables of 20 rows.
                          <td key={question.labels[o]}>
                            {`${number.format(n)} (${percent.format(total === 0 ? 0 : n / total)})`}
                          </td>
                        ))}
                        {question.faceScale ? (
                          <>
                            <td>{counts.mean === null ? "–" : number.format(counts.mean)}</td>
                            <td>{counts.median === null ? "–" : number.format(counts.median)}</td>
                          </>
                        ) : null}
                      </>
                    ) : (
                      <td colSpan={question.labels.length + (question.faceScale ? 3 : 1)}>
                        {t("too few answers to show")}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Stack>
    </section>
  );
}
