-- CreateTable
CREATE TABLE "complex_relations" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "mode" VARCHAR(16) NOT NULL DEFAULT 'overwrite',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "complex_relations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "complex_relation_directories" (
    "relationId" UUID NOT NULL,
    "directoryId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "role" VARCHAR(16) NOT NULL,

    CONSTRAINT "complex_relation_directories_pkey" PRIMARY KEY ("relationId","directoryId")
);

-- CreateTable
CREATE TABLE "complex_relation_rows" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "relationId" UUID NOT NULL,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "complex_relation_rows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "complex_relation_cells" (
    "rowId" UUID NOT NULL,
    "directoryId" UUID NOT NULL,
    "valueId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,

    CONSTRAINT "complex_relation_cells_pkey" PRIMARY KEY ("rowId","directoryId")
);

-- CreateTable
CREATE TABLE "complex_relation_schedules" (
    "relationId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,

    CONSTRAINT "complex_relation_schedules_pkey" PRIMARY KEY ("relationId","scheduleId")
);

-- CreateIndex
CREATE INDEX "complex_relations_spaceId_idx" ON "complex_relations"("spaceId");

-- CreateIndex
CREATE INDEX "complex_relation_directories_directoryId_idx" ON "complex_relation_directories"("directoryId");

-- CreateIndex
CREATE INDEX "complex_relation_directories_spaceId_idx" ON "complex_relation_directories"("spaceId");

-- CreateIndex
CREATE INDEX "complex_relation_rows_relationId_sortKey_idx" ON "complex_relation_rows"("relationId", "sortKey");

-- CreateIndex
CREATE INDEX "complex_relation_rows_spaceId_idx" ON "complex_relation_rows"("spaceId");

-- CreateIndex
CREATE INDEX "complex_relation_cells_valueId_idx" ON "complex_relation_cells"("valueId");

-- CreateIndex
CREATE INDEX "complex_relation_cells_directoryId_idx" ON "complex_relation_cells"("directoryId");

-- CreateIndex
CREATE INDEX "complex_relation_cells_spaceId_idx" ON "complex_relation_cells"("spaceId");

-- CreateIndex
CREATE INDEX "complex_relation_schedules_scheduleId_idx" ON "complex_relation_schedules"("scheduleId");

-- CreateIndex
CREATE INDEX "complex_relation_schedules_spaceId_idx" ON "complex_relation_schedules"("spaceId");

-- AddForeignKey
ALTER TABLE "complex_relation_directories" ADD CONSTRAINT "complex_relation_directories_relationId_fkey" FOREIGN KEY ("relationId") REFERENCES "complex_relations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_directories" ADD CONSTRAINT "complex_relation_directories_directoryId_fkey" FOREIGN KEY ("directoryId") REFERENCES "directories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_rows" ADD CONSTRAINT "complex_relation_rows_relationId_fkey" FOREIGN KEY ("relationId") REFERENCES "complex_relations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_cells" ADD CONSTRAINT "complex_relation_cells_rowId_fkey" FOREIGN KEY ("rowId") REFERENCES "complex_relation_rows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_cells" ADD CONSTRAINT "complex_relation_cells_directoryId_fkey" FOREIGN KEY ("directoryId") REFERENCES "directories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_cells" ADD CONSTRAINT "complex_relation_cells_valueId_fkey" FOREIGN KEY ("valueId") REFERENCES "directory_values"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_schedules" ADD CONSTRAINT "complex_relation_schedules_relationId_fkey" FOREIGN KEY ("relationId") REFERENCES "complex_relations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complex_relation_schedules" ADD CONSTRAINT "complex_relation_schedules_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
