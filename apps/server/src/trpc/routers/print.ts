import {
  createPrintPresetInput,
  createPrintSettingsInput,
  printJobInput,
  printPresetInput,
  printPresetsInput,
  printPreviewInput,
  printSettingsInput,
  updatePrintPresetInput,
  updatePrintSettingsInput,
} from '@takt/contracts';
import * as print from '../../domains/print';
import { printCount, printPdf, printPreview } from '../../domains/print';
import { router, spaceProcedure } from '../trpc';

/**
 * Printing (API under versions/{id}: print, preview, print/count, print-presets, print-settings).
 * `print` and `preview` return PDF files, which the REST table sends as bytes.
 */
export const printRouter = router({
  presets: spaceProcedure('print')
    .input(printPresetsInput)
    .query(({ ctx, input }) => print.listPresets(ctx, input)),
  preset: spaceProcedure('print')
    .input(printPresetInput)
    .query(({ ctx, input }) => print.getPreset(ctx, input)),
  createPreset: spaceProcedure('print')
    .input(createPrintPresetInput)
    .mutation(({ ctx, input }) => print.createPreset(ctx, input)),
  updatePreset: spaceProcedure('print')
    .input(updatePrintPresetInput)
    .mutation(({ ctx, input }) => print.updatePreset(ctx, input)),
  deletePreset: spaceProcedure('print')
    .input(printPresetInput)
    .mutation(({ ctx, input }) => print.deletePreset(ctx, input)),
  settings: spaceProcedure('print')
    .input(printSettingsInput)
    .query(({ ctx, input }) => print.getPrintSettings(ctx, input.versionId)),
  createSettings: spaceProcedure('print')
    .input(createPrintSettingsInput)
    .mutation(({ ctx, input }) => print.createPrintSettings(ctx, input)),
  updateSettings: spaceProcedure('print')
    .input(updatePrintSettingsInput)
    .mutation(({ ctx, input }) => print.updatePrintSettings(ctx, input)),
  count: spaceProcedure('print')
    .input(printJobInput)
    .query(({ ctx, input }) => printCount(ctx, input)),
  pdf: spaceProcedure('print')
    .input(printJobInput)
    .mutation(({ ctx, input }) => printPdf(ctx, input)),
  preview: spaceProcedure('print')
    .input(printPreviewInput)
    .mutation(({ ctx, input }) => printPreview(ctx, input)),
});
