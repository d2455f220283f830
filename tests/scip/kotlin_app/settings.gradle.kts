//⌄ enclosing_range_start codemap kotlin-maven kshop . `settings.gradle.kts`/
  rootProject.name = "kshop"
// definition codemap kotlin-maven kshop . `settings.gradle.kts`/
//kind File
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `settings.gradle.kts`/
