-- CreateTable
CREATE TABLE "bim_models" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "fileName" VARCHAR(255) NOT NULL,
    "fileSize" BIGINT NOT NULL,
    "schema" VARCHAR(16),
    "status" VARCHAR(16) NOT NULL DEFAULT 'uploading',
    "phase" VARCHAR(16),
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" JSONB,
    "elementCount" INTEGER NOT NULL DEFAULT 0,
    "geometrySize" BIGINT,
    "spatial" JSONB,
    "processLinks" JSONB,
    "parseMs" INTEGER,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bim_models_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bim_elements" (
    "modelId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "spaceId" UUID NOT NULL,
    "globalId" VARCHAR(64) NOT NULL,
    "expressId" INTEGER NOT NULL,
    "ifcClass" VARCHAR(64) NOT NULL,
    "name" TEXT,
    "typeName" TEXT,
    "storey" TEXT,
    "building" TEXT,
    "properties" JSONB NOT NULL,
    "quantities" JSONB NOT NULL,

    CONSTRAINT "bim_elements_pkey" PRIMARY KEY ("modelId","index")
);

-- CreateTable
CREATE TABLE "bim_profiles" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "nameKey" VARCHAR(32) NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "looks" JSONB NOT NULL,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bim_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bim_links" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "modelId" UUID NOT NULL,
    "globalId" VARCHAR(64) NOT NULL,
    "profileId" UUID,
    "source" VARCHAR(16) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bim_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bim_link_rules" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "rule" JSONB NOT NULL,
    "profileId" UUID,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bim_link_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bim_view_states" (
    "userId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "state" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bim_view_states_pkey" PRIMARY KEY ("userId","projectId")
);

-- CreateTable
CREATE TABLE "bim_primitives" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "epsId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "shape" VARCHAR(16) NOT NULL,
    "position" DOUBLE PRECISION[],
    "size" DOUBLE PRECISION[],
    "rotationY" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "color" VARCHAR(7) NOT NULL,
    "opacity" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bim_primitives_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bim_models_spaceId_projectId_idx" ON "bim_models"("spaceId", "projectId");

-- CreateIndex
CREATE INDEX "bim_elements_modelId_globalId_idx" ON "bim_elements"("modelId", "globalId");

-- CreateIndex
CREATE INDEX "bim_elements_spaceId_idx" ON "bim_elements"("spaceId");

-- CreateIndex
CREATE INDEX "bim_profiles_spaceId_idx" ON "bim_profiles"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "bim_profiles_spaceId_nameKey_key" ON "bim_profiles"("spaceId", "nameKey");

-- CreateIndex
CREATE INDEX "bim_links_versionId_workId_idx" ON "bim_links"("versionId", "workId");

-- CreateIndex
CREATE INDEX "bim_links_spaceId_idx" ON "bim_links"("spaceId");

-- CreateIndex
CREATE INDEX "bim_links_modelId_idx" ON "bim_links"("modelId");

-- CreateIndex
CREATE UNIQUE INDEX "bim_links_versionId_modelId_globalId_workId_key" ON "bim_links"("versionId", "modelId", "globalId", "workId");

-- CreateIndex
CREATE INDEX "bim_link_rules_spaceId_scheduleId_idx" ON "bim_link_rules"("spaceId", "scheduleId");

-- CreateIndex
CREATE INDEX "bim_view_states_spaceId_idx" ON "bim_view_states"("spaceId");

-- CreateIndex
CREATE INDEX "bim_primitives_spaceId_epsId_idx" ON "bim_primitives"("spaceId", "epsId");

-- AddForeignKey
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_elements" ADD CONSTRAINT "bim_elements_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "bim_models"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "bim_models"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "bim_profiles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_link_rules" ADD CONSTRAINT "bim_link_rules_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bim_primitives" ADD CONSTRAINT "bim_primitives_epsId_fkey" FOREIGN KEY ("epsId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
