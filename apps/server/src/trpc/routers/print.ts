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
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * Printing (API under versions/{id}: print, preview, print/count, print-presets, print-settings).
 * `print` and `preview` return PDF files, which the REST table sends as bytes.
 */
export const printRouter = router({
  presets: spaceQuery('print', printPresetsInput, print.listPresets),
  preset: spaceQuery('print', printPresetInput, print.getPreset),
  createPreset: spaceMutation('print', createPrintPresetInput, print.createPreset),
  updatePreset: spaceMutation('print', updatePrintPresetInput, print.updatePreset),
  deletePreset: spaceMutation('print', printPresetInput, print.deletePreset),
  settings: spaceQuery('print', printSettingsInput, (ctx, input) =>
    print.getPrintSettings(ctx, input.versionId),
  ),
  createSettings: spaceMutation('print', createPrintSettingsInput, print.createPrintSettings),
  updateSettings: spaceMutation('print', updatePrintSettingsInput, print.updatePrintSettings),
  count: spaceQuery('print', printJobInput, printCount),
  pdf: spaceMutation('print', printJobInput, printPdf),
  preview: spaceMutation('print', printPreviewInput, printPreview),
});
