import ArgumentParser
import MosaicApp
import MosaicData

extension BrowseCommand {
  /// `--describe` (and `mosaic describe`): every field of the records the filters keep summed
  /// up in one pass, printed in `format` on standard output. Bad input prints one line and
  /// exits 2.
  func runDescribe(format: ProfileReport.Format) throws {
    let settings = try resolveSettings()
    let profiles: [FieldProfile]
    do {
      let source = try openExportSource()
      let filter: RecordFilter?
      do {
        filter = try exportFilter(
          fieldNames: source.fieldNames, missing: settings.missingValues)
      } catch let error as ExportFilterError {
        source.cancel()
        StandardError.writeLine("mosaic: \(error)")
        throw ExitCode(Mosaic.usageErrorStatus)
      }
      profiles = try SourceProfile.compute(
        source: source, filter: filter, missing: settings.missingValues)
    } catch let error as DataError {
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
    var stream = StandardOutputStream()
    stream.write(ProfileReport.render(profiles, as: format))
    guard stream.flush() else {
      StandardError.writeLine("mosaic: cannot write to standard output")
      throw ExitCode.failure
    }
  }
}
