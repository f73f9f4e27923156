/**
 * The tree every estimate reader builds as it reads: sections opened by level (1 = top), lines added to the
 * section open now, the limits of `ESTIMATE_LIMITS` held (depth, number of lines), lines before any section
 * gathered in one section of their own.
 */
import { type Language, translate } from '@takt/i18n';
import type { EstimateCoefficient, EstimateDocument, EstimateLine, EstimateSection } from './model.js';
import { ESTIMATE_LIMITS, type EstimateReadLog } from './read-report.js';

type At = { where?: string; line?: number };

export class EstimateBuilder {
  readonly doc: EstimateDocument = {
    kind: 'loc',
    name: '',
    currency: 'RUB',
    coefficients: [],
    sections: [],
  };
  /** The open sections, outermost first. */
  private readonly open: EstimateSection[] = [];
  lines = 0;
  sections = 0;
  private full = false;

  constructor(
    private readonly log: EstimateReadLog,
    private readonly language: Language = 'ru',
  ) {}

  /** Opens a section at `level` (1 = top); a level past the open ones is one deeper than the deepest open. */
  section(level: number, fields: { code?: string; name: string; chapter?: number }, at: At): EstimateSection {
    let depth = Math.max(1, Math.min(Math.trunc(level) || 1, this.open.length + 1));
    if (depth > ESTIMATE_LIMITS.depth) {
      this.log.add('clamped', 'interchange.estimate.too_deep', { max: ESTIMATE_LIMITS.depth }, at);
      depth = ESTIMATE_LIMITS.depth;
    }
    this.open.length = depth - 1;
    const section: EstimateSection = {
      ...(fields.code ? { code: fields.code } : {}),
      name: fields.name,
      ...(fields.chapter !== undefined ? { chapter: fields.chapter } : {}),
      coefficients: [],
      sections: [],
      lines: [],
    };
    (this.open.at(-1)?.sections ?? this.doc.sections).push(section);
    this.open.push(section);
    this.sections++;
    return section;
  }

  /** Closes the innermost open section (XML readers, whose sections close explicitly). */
  close(): void {
    this.open.pop();
  }

  /** The section open now, if any. */
  get current(): EstimateSection | undefined {
    return this.open.at(-1);
  }

  get depth(): number {
    return this.open.length;
  }

  /** Adds a line to the section open now; false once the estimate holds as many lines as it may. */
  line(line: EstimateLine, at: At): boolean {
    if (this.lines >= ESTIMATE_LIMITS.lines) {
      if (!this.full) {
        this.full = true;
        this.log.add('ignored', 'interchange.estimate.too_many_lines', { max: ESTIMATE_LIMITS.lines }, at);
      }
      return false;
    }
    let section = this.current;
    if (!section) {
      const name = translate(this.language, 'interchange.estimate.no_section');
      this.log.add('kept', 'interchange.estimate.lines_outside', { name }, at);
      section = this.section(1, { name }, at);
    }
    section.lines.push(line);
    this.lines++;
    return true;
  }

  /** A coefficient of the estimate as a whole. */
  coefficient(c: EstimateCoefficient): void {
    this.doc.coefficients.push(c);
  }
}
