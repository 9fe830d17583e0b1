/**
 * A distribution as horizontal bars drawn with CSS on the server: readable
 * without JavaScript, printable, and with every number in the text. A bar's
 * length is its share of the question's answers.
 */
export function ResultBars({
  options,
  total,
  labelledBy,
}: {
  options: { label: string; count: number }[];
  total: number;
  labelledBy: string;
}) {
  return (
    <ul className="result-bars" aria-labelledby={labelledBy}>
      {options.map((option) => {
        const percent = total === 0 ? 0 : Math.round((option.count / total) * 100);
        return (
          <li key={option.label} className="result-bar-row">
            <span>{option.label}</span>
            <span className="result-bar-track" aria-hidden="true">
              <span className="result-bar-fill" style={{ width: `${percent}%`, display: "block" }} />
            </span>
            <span className="result-bar-count">
              {option.count} ({percent}%)
            </span>
          </li>
        );
      })}
    </ul>
  );
}
