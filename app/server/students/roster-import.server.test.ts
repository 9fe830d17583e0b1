import { expect, test } from "vitest";
import { fieldOfHeader, MAX_ROSTER_ROWS, matchColumns, parseRosterCsv, planRosterImport } from "./roster-import.server";

test("headers name their fields in each of the six languages, whatever their case, accents and spaces", () => {
  const languages: [string, string[]][] = [
    ["en", ["First name", "Last Name", "Guardian", "Relationship", "E-mail", "Phone"]],
    ["de", ["Vorname", "Nachname", "Erziehungsberechtigte", "Beziehung", "E-Mail", "Telefon"]],
    ["fr", ["Prénom", "Nom", "Responsable", "Lien de parenté", "Courriel", "Téléphone"]],
    ["es", ["Nombre", "Apellidos", "Tutor", "Parentesco", "Correo electrónico", "Teléfono"]],
    ["pl", ["Imię", "Nazwisko", "Opiekun", "Pokrewieństwo", "Adres e-mail", "Telefon"]],
    ["ar", ["الاسم الأول", "اسم العائلة", "ولي الأمر", "صلة القرابة", "البريد الإلكتروني", "رقم الهاتف"]],
  ];
  const fields = ["firstName", "lastName", "contactName", "contactRelationship", "contactEmail", "contactPhone"];
  for (const [language, headers] of languages) {
    expect(headers.map(fieldOfHeader), language).toEqual(fields);
    expect(Object.values(matchColumns(headers)), language).toEqual([0, 1, 2, 3, 4, 5]);
  }
  expect(fieldOfHeader("  PRENOM ")).toBe("firstName");
  expect(fieldOfHeader("Shoe size")).toBeNull();
});

test("the teacher's column choice wins over the headers, and 'none' drops a column", () => {
  const columns = matchColumns(["Kid", "Family", "Vorname"], { firstName: 0, lastName: 1, contactName: null });
  expect(columns.firstName).toBe(0);
  expect(columns.lastName).toBe(1);
  expect(columns.contactName).toBeNull();
});

test("a semicolon file with a BOM is read, each row checked with its line number", () => {
  const text = "\uFEFFVorname;Nachname;E-Mail\r\nAda;Lovelace;\r\n;Curie;\r\nAlan;Turing;not-mail\r\n";
  const parsed = parseRosterCsv(text);
  expect(parsed.columns.firstName).toBe(0);
  expect(parsed.rows.map((row) => row.line)).toEqual([2, 3, 4]);
  expect(parsed.rows[0].student).toMatchObject({ firstName: "Ada", lastName: "Lovelace", contacts: [] });
  expect(parsed.rows[1].problems.map((p) => p.message)).toContain("Enter a first name");
  expect(parsed.rows[2].problems.length).toBeGreaterThan(0);
});

test("the plan: new, changed, unchanged, not in the file, look-alike duplicates", () => {
  const text = [
    "First name,Last name,Guardian,E-mail",
    "Ada,Lovelace,Anne Lovelace,anne@example.org",
    "FE\u200bLIX,costa,,", // capitals and a zero-width space: the rostered Felix
    "Grace,Hopper,,",
    "GRACE,hopper,,",
  ].join("\n");
  const roster = [
    { id: 1, firstName: "Felix", lastName: "Costa", contacts: [] },
    { id: 2, firstName: "Ada", lastName: "Lovelace", contacts: [] },
    { id: 3, firstName: "Nora", lastName: "Old", contacts: [] },
  ];
  const plan = planRosterImport(parseRosterCsv(text).rows, roster);
  expect(plan.create.map((s) => s.firstName)).toEqual(["Grace"]);
  expect(plan.update).toMatchObject([{ id: 2, addContacts: [{ name: "Anne Lovelace", email: "anne@example.org" }] }]);
  expect(plan.unchanged).toBe(1);
  expect(plan.missing.map((s) => s.id)).toEqual([3]);
  expect(plan.problems).toEqual([{ line: 5, message: "The same name as line {line}.", values: { line: 4 } }]);
  // The same text against the same list: the same fingerprint; a changed list: another.
  expect(planRosterImport(parseRosterCsv(text).rows, roster).fingerprint).toBe(plan.fingerprint);
  expect(planRosterImport(parseRosterCsv(text).rows, roster.slice(0, 2)).fingerprint).not.toBe(plan.fingerprint);
});

test("too many rows and an unreadable file are refused without quoting the file", () => {
  const rows = Array.from({ length: MAX_ROSTER_ROWS + 1 }, (_, i) => `A${"a".repeat(i % 5)},B`);
  expect(() => parseRosterCsv(`First name,Last name\n${rows.join("\n")}`)).toThrow(/At most 1000 students/);
  let message = "";
  try {
    parseRosterCsv('First name,Last name\nAda,"Secret\nx"y,z\n');
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/cannot be read as CSV/);
  expect(message).not.toContain("Secret");
});

test("1,000 rows against a class list of the same 1,000: all unchanged, nothing new, nothing missing", () => {
  const names = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, firstName: `Kind ${i}`, lastName: "Nachname" }));
  const text = `Vorname;Nachname\n${names.map((s) => `${s.firstName};${s.lastName}`).join("\n")}\n`;
  const plan = planRosterImport(
    parseRosterCsv(text).rows,
    names.map((s) => ({ ...s, contacts: [] })),
  );
  expect([plan.create.length, plan.update.length, plan.unchanged, plan.missing.length]).toEqual([0, 0, 1000, 0]);
});
