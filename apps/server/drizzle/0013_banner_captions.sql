-- Banner captions per language (FEATURES.md §10): language code -> text, beside the default
-- caption (`description`), which stays what a player in any other language sees.
ALTER TABLE "banners" ADD COLUMN "captions" jsonb DEFAULT '{}'::jsonb NOT NULL;
