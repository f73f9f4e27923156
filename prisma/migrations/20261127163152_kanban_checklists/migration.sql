-- CreateTable
CREATE TABLE "kanban_boards" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "versionId" UUID,
    "name" VARCHAR(100) NOT NULL,
    "nameKey" VARCHAR(100) NOT NULL,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_boards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kanban_columns" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "boardId" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "sortKey" INTEGER NOT NULL,
    "wipLimit" INTEGER,
    "workStatus" "WorkStatus",
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_columns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kanban_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "boardId" UUID NOT NULL,
    "columnId" UUID NOT NULL,
    "position" DOUBLE PRECISION NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "workId" UUID,
    "dueDate" DATE,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kanban_labels" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "boardId" UUID NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "color" VARCHAR(7) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kanban_item_labels" (
    "itemId" UUID NOT NULL,
    "labelId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,

    CONSTRAINT "kanban_item_labels_pkey" PRIMARY KEY ("itemId","labelId")
);

-- CreateTable
CREATE TABLE "kanban_item_assignees" (
    "itemId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "assignedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_item_assignees_pkey" PRIMARY KEY ("itemId","userId")
);

-- CreateTable
CREATE TABLE "kanban_item_comments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_item_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kanban_item_files" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "contentType" VARCHAR(128) NOT NULL,
    "size" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_item_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kanban_item_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "boardId" UUID NOT NULL,
    "itemId" UUID NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "fromColumnId" UUID,
    "toColumnId" UUID,
    "userId" UUID,
    "data" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kanban_item_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checklists" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "workId" UUID,
    "itemId" UUID,
    "name" VARCHAR(255) NOT NULL,
    "sortKey" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checklists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checklist_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "checklistId" UUID NOT NULL,
    "text" VARCHAR(500) NOT NULL,
    "sortKey" INTEGER NOT NULL,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "doneAt" TIMESTAMP(3),
    "doneById" UUID,
    "assigneeId" UUID,
    "dueDate" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checklist_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checklist_templates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "items" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checklist_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "kanban_boards_spaceId_idx" ON "kanban_boards"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "kanban_boards_scheduleId_nameKey_key" ON "kanban_boards"("scheduleId", "nameKey");

-- CreateIndex
CREATE INDEX "kanban_columns_boardId_sortKey_idx" ON "kanban_columns"("boardId", "sortKey");

-- CreateIndex
CREATE INDEX "kanban_columns_spaceId_idx" ON "kanban_columns"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_items_boardId_columnId_position_idx" ON "kanban_items"("boardId", "columnId", "position");

-- CreateIndex
CREATE INDEX "kanban_items_workId_idx" ON "kanban_items"("workId");

-- CreateIndex
CREATE INDEX "kanban_items_spaceId_idx" ON "kanban_items"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_labels_boardId_idx" ON "kanban_labels"("boardId");

-- CreateIndex
CREATE INDEX "kanban_labels_spaceId_idx" ON "kanban_labels"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_item_labels_labelId_idx" ON "kanban_item_labels"("labelId");

-- CreateIndex
CREATE INDEX "kanban_item_labels_spaceId_idx" ON "kanban_item_labels"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_item_assignees_userId_idx" ON "kanban_item_assignees"("userId");

-- CreateIndex
CREATE INDEX "kanban_item_assignees_spaceId_idx" ON "kanban_item_assignees"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_item_comments_itemId_createdAt_idx" ON "kanban_item_comments"("itemId", "createdAt");

-- CreateIndex
CREATE INDEX "kanban_item_comments_spaceId_idx" ON "kanban_item_comments"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_item_files_itemId_idx" ON "kanban_item_files"("itemId");

-- CreateIndex
CREATE INDEX "kanban_item_files_spaceId_idx" ON "kanban_item_files"("spaceId");

-- CreateIndex
CREATE INDEX "kanban_item_events_itemId_createdAt_idx" ON "kanban_item_events"("itemId", "createdAt");

-- CreateIndex
CREATE INDEX "kanban_item_events_boardId_kind_createdAt_idx" ON "kanban_item_events"("boardId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "kanban_item_events_spaceId_idx" ON "kanban_item_events"("spaceId");

-- CreateIndex
CREATE INDEX "checklists_workId_idx" ON "checklists"("workId");

-- CreateIndex
CREATE INDEX "checklists_itemId_idx" ON "checklists"("itemId");

-- CreateIndex
CREATE INDEX "checklists_spaceId_idx" ON "checklists"("spaceId");

-- CreateIndex
CREATE INDEX "checklist_items_checklistId_sortKey_idx" ON "checklist_items"("checklistId", "sortKey");

-- CreateIndex
CREATE INDEX "checklist_items_spaceId_idx" ON "checklist_items"("spaceId");

-- CreateIndex
CREATE INDEX "checklist_templates_spaceId_idx" ON "checklist_templates"("spaceId");

-- AddForeignKey
ALTER TABLE "kanban_boards" ADD CONSTRAINT "kanban_boards_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_boards" ADD CONSTRAINT "kanban_boards_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_columns" ADD CONSTRAINT "kanban_columns_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "kanban_boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_items" ADD CONSTRAINT "kanban_items_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "kanban_boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_items" ADD CONSTRAINT "kanban_items_columnId_fkey" FOREIGN KEY ("columnId") REFERENCES "kanban_columns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_items" ADD CONSTRAINT "kanban_items_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_labels" ADD CONSTRAINT "kanban_labels_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "kanban_boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_item_labels" ADD CONSTRAINT "kanban_item_labels_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "kanban_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_item_labels" ADD CONSTRAINT "kanban_item_labels_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "kanban_labels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_item_assignees" ADD CONSTRAINT "kanban_item_assignees_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "kanban_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_item_comments" ADD CONSTRAINT "kanban_item_comments_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "kanban_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_item_files" ADD CONSTRAINT "kanban_item_files_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "kanban_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kanban_item_events" ADD CONSTRAINT "kanban_item_events_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "kanban_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "kanban_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checklistId_fkey" FOREIGN KEY ("checklistId") REFERENCES "checklists"("id") ON DELETE CASCADE ON UPDATE CASCADE;
