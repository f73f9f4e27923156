/**
 * What a conformance check of a written file finds: every issue with the line, the element path (or XER
 * table/field) and the rule it breaks, so a failing export names exactly what a tool would reject.
 */
export type ConformanceRule =
  | 'structure' // header, table/record layout, root element
  | 'order' // xsd:sequence / P6 field or table order
  | 'required' // a required element, field or value is missing
  | 'unknown' // an element, table or field the format does not define
  | 'occurs' // an element repeats more often than allowed
  | 'type' // value is not of the declared type (integer, dateTime, duration…)
  | 'enum' // value outside the enumeration
  | 'length' // text longer than the format allows
  | 'unique' // duplicate key
  | 'reference' // a reference to a key that does not exist
  | 'encoding'; // bytes not valid in the declared encoding

export interface ConformanceIssue {
  rule: ConformanceRule;
  /** 1-based line in the file. */
  line?: number;
  /** XML element path (`Project/Tasks/Task[12]/TotalSlack`) or XER `TABLE.field`. */
  path: string;
  message: string;
}

export interface ConformanceReport {
  format: 'xer' | 'mspdi' | 'pmxml';
  ok: boolean;
  issues: ConformanceIssue[];
  /** Issues beyond `maxIssues` are counted, not kept. */
  issueCount: number;
  /** Elements (XML) or records (XER) checked. */
  checked: number;
}

export class IssueList {
  readonly issues: ConformanceIssue[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  add(issue: ConformanceIssue): void {
    this.count++;
    if (this.issues.length < this.max) this.issues.push(issue);
  }
  report(format: ConformanceReport['format'], checked: number): ConformanceReport {
    return { format, ok: this.count === 0, issues: this.issues, issueCount: this.count, checked };
  }
}

/** One line per issue, for test failures and the CLI. */
export function formatIssues(report: ConformanceReport): string {
  const lines = report.issues.map(
    (i) => `${i.line !== undefined ? `line ${i.line}: ` : ''}${i.path}: ${i.message} [${i.rule}]`,
  );
  if (report.issueCount > report.issues.length)
    lines.push(`… and ${report.issueCount - report.issues.length} more`);
  return lines.join('\n');
}
