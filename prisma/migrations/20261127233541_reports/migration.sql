-- CreateTable
CREATE TABLE "report_forms" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "year" INTEGER,
    "showSummaries" BOOLEAN NOT NULL DEFAULT false,
    "fileName" VARCHAR(255) NOT NULL,
    "size" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_form_nodes" (
    "formId" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,

    CONSTRAINT "report_form_nodes_pkey" PRIMARY KEY ("formId","nodeId")
);

-- CreateIndex
CREATE INDEX "report_forms_spaceId_idx" ON "report_forms"("spaceId");

-- CreateIndex
CREATE INDEX "report_form_nodes_nodeId_idx" ON "report_form_nodes"("nodeId");

-- CreateIndex
CREATE INDEX "report_form_nodes_spaceId_idx" ON "report_form_nodes"("spaceId");

-- AddForeignKey
ALTER TABLE "report_forms" ADD CONSTRAINT "report_forms_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_form_nodes" ADD CONSTRAINT "report_form_nodes_formId_fkey" FOREIGN KEY ("formId") REFERENCES "report_forms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_form_nodes" ADD CONSTRAINT "report_form_nodes_nodeId_fkey" FOREIGN KEY ("nodeId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
