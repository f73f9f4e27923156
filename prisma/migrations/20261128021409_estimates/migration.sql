-- CreateEnum
CREATE TYPE "EstimateKind" AS ENUM ('ssr', 'loc', 'pir', 'vor', 'other');

-- CreateEnum
CREATE TYPE "CoefficientKind" AS ENUM ('coefficient', 'index');

-- CreateEnum
CREATE TYPE "CoefficientTarget" AS ENUM ('all', 'labour', 'machines', 'materials', 'labourHours');

-- CreateEnum
CREATE TYPE "PdcResourceKind" AS ENUM ('labour', 'machine', 'material');

-- CreateEnum
CREATE TYPE "ComplianceRuleKind" AS ENUM ('volume_code', 'wbs_code', 'rule');

-- AlterTable
ALTER TABLE "licences" ADD COLUMN     "estimateUserLimit" INTEGER;

-- CreateTable
CREATE TABLE "estimate_settings" (
    "spaceId" UUID NOT NULL,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'RUB',
    "region" VARCHAR(64) NOT NULL DEFAULT '',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_settings_pkey" PRIMARY KEY ("spaceId")
);

-- CreateTable
CREATE TABLE "measures" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "code" VARCHAR(16) NOT NULL,
    "symbolEn" VARCHAR(16) NOT NULL,
    "symbolRu" VARCHAR(16) NOT NULL,
    "nameEn" VARCHAR(64) NOT NULL,
    "nameRu" VARCHAR(64) NOT NULL,
    "baseId" UUID,
    "factor" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "measures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimates" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "originId" UUID NOT NULL,
    "number" INTEGER NOT NULL DEFAULT 1,
    "kind" "EstimateKind" NOT NULL,
    "code" VARCHAR(64),
    "name" VARCHAR(255) NOT NULL,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'RUB',
    "priceLevel" DATE,
    "region" VARCHAR(64) NOT NULL DEFAULT '',
    "totals" JSONB NOT NULL DEFAULT '{}',
    "figuredAt" TIMESTAMP(3),
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_sections" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "estimateId" UUID NOT NULL,
    "parentId" UUID,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "code" VARCHAR(64),
    "name" VARCHAR(255) NOT NULL,
    "chapter" INTEGER,
    "totals" JSONB NOT NULL DEFAULT '{}',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_lines" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "estimateId" UUID NOT NULL,
    "sectionId" UUID NOT NULL,
    "originId" UUID NOT NULL,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "number" VARCHAR(32),
    "code" VARCHAR(64) NOT NULL DEFAULT '',
    "name" VARCHAR(1000) NOT NULL,
    "unit" VARCHAR(32) NOT NULL DEFAULT '',
    "measureId" UUID,
    "quantity" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "unitLabour" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "unitMachines" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "unitMaterials" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "labourHoursPerUnit" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "machineHoursPerUnit" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "volumeCode" VARCHAR(64),
    "wbsCode" VARCHAR(64),
    "sourceEstimateId" UUID,
    "totals" JSONB NOT NULL DEFAULT '{}',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cost_coefficients" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "estimateId" UUID NOT NULL,
    "sectionId" UUID,
    "lineId" UUID,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "code" VARCHAR(64),
    "name" VARCHAR(255) NOT NULL,
    "kind" "CoefficientKind" NOT NULL DEFAULT 'coefficient',
    "target" "CoefficientTarget" NOT NULL DEFAULT 'all',
    "value" DOUBLE PRECISION NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cost_coefficients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pdc_resources" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "kind" "PdcResourceKind" NOT NULL,
    "code" VARCHAR(64) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "unit" VARCHAR(32) NOT NULL DEFAULT '',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pdc_resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pdc_prices" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "resourceId" UUID NOT NULL,
    "region" VARCHAR(64) NOT NULL DEFAULT '',
    "validFrom" DATE NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pdc_prices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "compliance_rules" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "estimateId" UUID NOT NULL,
    "kind" "ComplianceRuleKind" NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "rule" JSONB NOT NULL DEFAULT '{}',
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_links" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "estimateId" UUID NOT NULL,
    "lineId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "source" VARCHAR(16) NOT NULL,
    "share" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "volume" DOUBLE PRECISION,
    "cost" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "labourHours" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "measures_baseId_idx" ON "measures"("baseId");

-- CreateIndex
CREATE UNIQUE INDEX "measures_spaceId_code_key" ON "measures"("spaceId", "code");

-- CreateIndex
CREATE INDEX "estimates_spaceId_nodeId_idx" ON "estimates"("spaceId", "nodeId");

-- CreateIndex
CREATE INDEX "estimates_originId_idx" ON "estimates"("originId");

-- CreateIndex
CREATE INDEX "estimate_sections_estimateId_parentId_sortKey_idx" ON "estimate_sections"("estimateId", "parentId", "sortKey");

-- CreateIndex
CREATE INDEX "estimate_sections_spaceId_idx" ON "estimate_sections"("spaceId");

-- CreateIndex
CREATE INDEX "estimate_lines_estimateId_sectionId_sortKey_idx" ON "estimate_lines"("estimateId", "sectionId", "sortKey");

-- CreateIndex
CREATE INDEX "estimate_lines_sourceEstimateId_idx" ON "estimate_lines"("sourceEstimateId");

-- CreateIndex
CREATE INDEX "estimate_lines_spaceId_idx" ON "estimate_lines"("spaceId");

-- CreateIndex
CREATE INDEX "cost_coefficients_estimateId_sortKey_idx" ON "cost_coefficients"("estimateId", "sortKey");

-- CreateIndex
CREATE INDEX "cost_coefficients_sectionId_idx" ON "cost_coefficients"("sectionId");

-- CreateIndex
CREATE INDEX "cost_coefficients_lineId_idx" ON "cost_coefficients"("lineId");

-- CreateIndex
CREATE INDEX "cost_coefficients_spaceId_idx" ON "cost_coefficients"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "pdc_resources_spaceId_code_key" ON "pdc_resources"("spaceId", "code");

-- CreateIndex
CREATE INDEX "pdc_prices_spaceId_idx" ON "pdc_prices"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "pdc_prices_resourceId_region_validFrom_key" ON "pdc_prices"("resourceId", "region", "validFrom");

-- CreateIndex
CREATE INDEX "compliance_rules_estimateId_sortKey_idx" ON "compliance_rules"("estimateId", "sortKey");

-- CreateIndex
CREATE INDEX "compliance_rules_spaceId_idx" ON "compliance_rules"("spaceId");

-- CreateIndex
CREATE INDEX "estimate_links_versionId_workId_idx" ON "estimate_links"("versionId", "workId");

-- CreateIndex
CREATE INDEX "estimate_links_estimateId_versionId_idx" ON "estimate_links"("estimateId", "versionId");

-- CreateIndex
CREATE INDEX "estimate_links_workId_idx" ON "estimate_links"("workId");

-- CreateIndex
CREATE INDEX "estimate_links_spaceId_idx" ON "estimate_links"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "estimate_links_lineId_versionId_workId_key" ON "estimate_links"("lineId", "versionId", "workId");

-- AddForeignKey
ALTER TABLE "measures" ADD CONSTRAINT "measures_baseId_fkey" FOREIGN KEY ("baseId") REFERENCES "measures"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_sections" ADD CONSTRAINT "estimate_sections_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_sections" ADD CONSTRAINT "estimate_sections_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "estimate_sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "estimate_sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_measureId_fkey" FOREIGN KEY ("measureId") REFERENCES "measures"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_sourceEstimateId_fkey" FOREIGN KEY ("sourceEstimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_coefficients" ADD CONSTRAINT "cost_coefficients_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_coefficients" ADD CONSTRAINT "cost_coefficients_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "estimate_sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_coefficients" ADD CONSTRAINT "cost_coefficients_lineId_fkey" FOREIGN KEY ("lineId") REFERENCES "estimate_lines"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pdc_prices" ADD CONSTRAINT "pdc_prices_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "pdc_resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "compliance_rules" ADD CONSTRAINT "compliance_rules_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_lineId_fkey" FOREIGN KEY ("lineId") REFERENCES "estimate_lines"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The built-in roles of spaces made before estimating get the abilities new spaces' roles are made with
-- (BUILT_IN_ROLES of @takt/contracts): administrators and planners view and edit estimates, curators and
-- viewers view them.
UPDATE "roles" SET "abilities" = "abilities" || ARRAY['estimates.view', 'estimates.edit']
WHERE "key" IN ('administrator', 'planner') AND NOT ('estimates.edit' = ANY("abilities"));
UPDATE "roles" SET "abilities" = "abilities" || ARRAY['estimates.view']
WHERE "key" IN ('curator', 'viewer') AND NOT ('estimates.view' = ANY("abilities"));

-- A compliance link's share of its line is positive; a measure's factor too.
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_share_positive" CHECK ("share" > 0);
ALTER TABLE "measures" ADD CONSTRAINT "measures_factor_positive" CHECK ("factor" > 0);
