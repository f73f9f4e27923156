/**
 * Conformance of written files: XER against P6's table/field layout, MSPDI against Microsoft's Project
 * XML schema, PMXML against P6's p6apibo schema. Each check streams the file and returns every issue
 * with line, path and rule.
 */
import type { ByteSource } from '../input.js';
import { MSPDI_RULES } from './mspdi-rules.js';
import { PMXML_RULES } from './pmxml-rules.js';
import type { ConformanceReport } from './report.js';
import { checkXml } from './xml-check.js';

export { encodeText, type TextEncoding } from './encoding.js';
export { P6_LIMITS } from './pmxml-rules.js';
export type { ConformanceIssue, ConformanceReport, ConformanceRule } from './report.js';
export { formatIssues } from './report.js';
export { checkXer, type XerCheckOptions } from './xer-check.js';
export { XER_LAYOUT, type XerTableLayout } from './xer-layout.js';

export function checkMspdi(source: ByteSource, maxIssues?: number): Promise<ConformanceReport> {
  return checkXml(source, MSPDI_RULES, maxIssues);
}

export function checkPmxml(source: ByteSource, maxIssues?: number): Promise<ConformanceReport> {
  return checkXml(source, PMXML_RULES, maxIssues);
}
