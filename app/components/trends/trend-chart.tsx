import { useTranslation } from "react-i18next";
import { Heading, Stack } from "~/components/ui/kit";
import { TableRoot } from "~/components/ui/kit-controls";
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
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" });
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
                  <line x1={LEFT} x2={WIDTH - 8} y1={y} y2={y} stroke="#c8c8c8" strokeWidth="1" />
                  <text x={LEFT - 4} y={y + 4} textAnchor="end" fontSize="11" fill="#555">
                    {percent.format(tick)}
                  </text>
                </g>
              );
            })}
            {columns.map((column, c) => {
              const x = LEFT + c * step + (step - bar) / 2;
              const counts = cellOf(column);
              const total = counts?.counts.reduce((sum, n) => sum + n, 0) ?? 0;
              let y = TOP + plot.h;
              return (
                <g key={column.key}>
                  {counts && total > 0 ? (
                    counts.counts.map((n, o) => {
                      const h = (n / total) * plot.h;
                      y -= h;
                      return n === 0 ? null : (
                        <rect
                          key={question.labels[o]}
                          x={x}
                          y={y}
                          width={bar}
                          height={h}
                          fill={COLOURS[o % COLOURS.length]}
                        />
                      );
                    })
                  ) : (
                    <rect x={x} y={TOP} width={bar} height={plot.h} fill="none" stroke="#999" strokeDasharray="3 3" />
                  )}
                  <text
                    x={x + bar / 2}
                    y={TOP + plot.h + 14}
                    fontSize="11"
                    fill="#333"
                    textAnchor={columns.length > 12 ? "end" : "middle"}
                    transform={columns.length > 12 ? `rotate(-50 ${x + bar / 2} ${TOP + plot.h + 14})` : undefined}
                  >
                    {column.short.length > 12 ? `${column.short.slice(0, 11)}…` : column.short}
                  </text>
                </g>
              );
            })}
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
        <TableRoot size="1">
          <caption className="trend-caption">
            <span dir="auto">{question.prompt}</span>
          </caption>
          <thead>
            <tr className="rt-TableRow">
              <th scope="col" className="rt-TableColumnHeaderCell" />
              <th scope="col" className="rt-TableColumnHeaderCell">
                {t("Responses")}
              </th>
              {question.labels.map((label) => (
                <th key={label} scope="col" className="rt-TableColumnHeaderCell" dir="auto">
                  {label}
                </th>
              ))}
              {question.faceScale ? (
                <>
                  <th scope="col" className="rt-TableColumnHeaderCell">
                    {t("Mean face")}
                  </th>
                  <th scope="col" className="rt-TableColumnHeaderCell">
                    {t("Median face")}
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => {
              const counts = cellOf(column);
              const total = counts?.counts.reduce((sum, n) => sum + n, 0) ?? 0;
              return (
                <tr key={column.key} className="rt-TableRow">
                  <th scope="row" className="rt-TableRowHeaderCell">
                    <bdi>{column.label}</bdi>
                  </th>
                  {counts && column.cell.shown ? (
                    <>
                      <td className="rt-TableCell">{number.format(column.cell.respondents)}</td>
                      {counts.counts.map((n, o) => (
                        <td key={question.labels[o]} className="rt-TableCell">
                          {number.format(n)} ({percent.format(total === 0 ? 0 : n / total)})
                        </td>
                      ))}
                      {question.faceScale ? (
                        <>
                          <td className="rt-TableCell">{counts.mean === null ? "–" : number.format(counts.mean)}</td>
                          <td className="rt-TableCell">
                            {counts.median === null ? "–" : number.format(counts.median)}
                          </td>
                        </>
                      ) : null}
                    </>
                  ) : (
                    <td className="rt-TableCell" colSpan={question.labels.length + (question.faceScale ? 3 : 1)}>
                      {t("too few answers to show")}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </TableRoot>
      </Stack>
    </section>
  );
}
