-- CreateTable
CREATE TABLE "analytic_curves" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "points" DOUBLE PRECISION[],
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analytic_curves_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "analytic_settings" (
    "spaceId" UUID NOT NULL,
    "defaultCurve" VARCHAR(36) NOT NULL DEFAULT 'linear',
    "taskCurve" VARCHAR(36),
    "workCurve" VARCHAR(36),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analytic_settings_pkey" PRIMARY KEY ("spaceId")
);

-- CreateIndex
CREATE INDEX "analytic_curves_spaceId_idx" ON "analytic_curves"("spaceId");

-- AddForeignKey
ALTER TABLE "analytic_curves" ADD CONSTRAINT "analytic_curves_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analytic_settings" ADD CONSTRAINT "analytic_settings_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
